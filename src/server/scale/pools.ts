import { faker } from '@faker-js/faker';

/** Name and place pools drawn once from faker with a fixed seed; generators pick from them fast. */
faker.seed(2026);
export const firstNames = Array.from({ length: 400 }, () => faker.person.firstName());
export const lastNames = Array.from({ length: 600 }, () => faker.person.lastName());
export const streets = Array.from({ length: 300 }, () => faker.location.streetAddress());
export const cities: [city: string, state: string, zone: string][] = [
  ['Albuquerque', 'NM', 'America/Denver'],
  ['Santa Fe', 'NM', 'America/Denver'],
  ['Las Cruces', 'NM', 'America/Denver'],
  ['Rio Rancho', 'NM', 'America/Denver'],
  ['Farmington', 'NM', 'America/Denver'],
  ['Denver', 'CO', 'America/Denver'],
  ['Colorado Springs', 'CO', 'America/Denver'],
  ['Fort Collins', 'CO', 'America/Denver'],
  ['Pueblo', 'CO', 'America/Denver'],
  ['Phoenix', 'AZ', 'America/Phoenix'],
  ['Tucson', 'AZ', 'America/Phoenix'],
  ['Mesa', 'AZ', 'America/Phoenix'],
  ['Flagstaff', 'AZ', 'America/Phoenix'],
  ['El Paso', 'TX', 'America/Denver'],
  ['Lubbock', 'TX', 'America/Chicago'],
  ['Las Vegas', 'NV', 'America/Los_Angeles'],
  ['Reno', 'NV', 'America/Los_Angeles'],
  ['Salt Lake City', 'UT', 'America/Denver'],
];
export const regionOf: Record<string, string> = {
  NM: 'New Mexico',
  CO: 'Colorado',
  AZ: 'Arizona',
  TX: 'Texas',
  NV: 'Nevada',
  UT: 'Utah',
};
export const makes = [
  'Toyota',
  'Honda',
  'Subaru',
  'Ford',
  'Chevrolet',
  'Kia',
  'Hyundai',
  'Nissan',
  'Mazda',
  'Jeep',
  'Ram',
  'GMC',
  'Volkswagen',
  'Buick',
];
