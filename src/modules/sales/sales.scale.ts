/** The sales tools' generators: incentives, purchases. */
import './incentives.scale';
