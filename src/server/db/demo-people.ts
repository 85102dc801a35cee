/**
 * The demo's everyday customers (service bookings, texts): each person drawn once, with a name no one
 * else in the demo has and a number of their own. The customer page joins records by phone and email
 * (decision 036), so a person keeps theirs in every record and two people never share a name. The
 * last names appear nowhere else in the demo, so no story customer or member of staff shares one.
 */

const FIRST_NAMES = [
  'Adriana',
  'Alejandro',
  'Alicia',
  'Andres',
  'Beatriz',
  'Benjamin',
  'Camila',
  'Carlos',
  'Cecilia',
  'Claire',
  'Cristina',
  'Diego',
  'Dolores',
  'Eduardo',
  'Elise',
  'Emilio',
  'Ernesto',
  'Esther',
  'Felipe',
  'Gabriela',
  'Gloria',
  'Hector',
  'Ines',
  'Irene',
  'Jacob',
  'Javier',
  'Jenna',
  'Joaquin',
  'Julian',
  'Kathryn',
  'Leah',
  'Leonard',
  'Lorena',
  'Manuel',
  'Marisa',
  'Martin',
  'Monica',
  'Nathan',
  'Norma',
  'Oscar',
  'Pablo',
  'Paula',
  'Rafael',
  'Ramona',
  'Raul',
  'Rebecca',
  'Ricardo',
  'Ruben',
  'Samuel',
  'Sandra',
  'Sergio',
  'Silvia',
  'Simon',
  'Tanya',
  'Tobias',
  'Vanessa',
  'Veronica',
  'Walter',
  'Yolanda',
  'Zachary',
];
const LAST_NAMES = [
  'Abeyta',
  'Aragon',
  'Candelaria',
  'Cordova',
  'Espinoza',
  'Fresquez',
  'Gurule',
  'Lovato',
  'Maestas',
  'Mondragon',
  'Naranjo',
  'Olguin',
  'Pacheco',
  'Rael',
  'Salazar',
  'Ulibarri',
  'Valdez',
  'Zamora',
  'Barela',
  'Crespin',
  'Dominguez',
  'Esquibel',
  'Hurtado',
  'Leyba',
  'Madrid',
  'Nieto',
  'Ornelas',
  'Pino',
  'Roybal',
  'Sisneros',
  'Tapia',
  'Urioste',
  'Varela',
  'Begay',
  'Tsosie',
  'Becker',
  'Lindqvist',
  'Hoffman',
  'Sullivan',
  'Kowalski',
  'Fischer',
  'Murphy',
  'Bennett',
  'Harper',
  'Fletcher',
  'Whitaker',
  'Donnelly',
  'Carver',
  'Holloway',
  'Pennington',
  'Sorensen',
  'Nakamura',
  'Haddad',
  'Castellano',
  'Kaplan',
  'Delgado',
  'Marquez',
  'Ferris',
  'Gallardo',
  'Ibarra',
];

/** How many different people the demo can draw. */
export const DEMO_PEOPLE = FIRST_NAMES.length * LAST_NAMES.length;

/** The first of the numbers the demo's people are given (555-3000 on): other seeds' fixed numbers lie below. */
const FIRST_NUMBER = 3_000;

export interface DemoPerson {
  firstName: string;
  lastName: string;
  name: string;
  /** E.164 in the area code given: 555 and a four-digit number no other person has. */
  phone: string;
  email: string;
}

/**
 * Person `n` (0 to DEMO_PEOPLE - 1): every `n` a different pair of names, first names in turn and
 * last names moving on with each round, so neighbours do not look alike.
 */
export function demoPerson(n: number, areaCode: string): DemoPerson {
  if (!Number.isInteger(n) || n < 0 || n >= DEMO_PEOPLE || n + FIRST_NUMBER > 9_999)
    throw new Error(`The demo has no person ${n}.`);
  const first = n % FIRST_NAMES.length;
  const last = (first + Math.floor(n / FIRST_NAMES.length) * 7) % LAST_NAMES.length;
  const firstName = FIRST_NAMES[first];
  const lastName = LAST_NAMES[last];
  return {
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    phone: `+1${areaCode}555${String(FIRST_NUMBER + n).padStart(4, '0')}`,
    email: `${firstName}.${lastName}${n}@example.com`.toLowerCase(),
  };
}
