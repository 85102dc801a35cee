/** The sales tools' generators: incentives, purchases and quotes. */
import './incentives.scale';
import './purchases.scale';
import './quotes.scale';
