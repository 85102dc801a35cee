/** The sales tools' generators: incentives and purchases. */
import './incentives.scale';
import './purchases.scale';
