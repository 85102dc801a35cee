/** Every module's generators, registered by the modules' own declarations (src/server/modules.ts). */
import '../modules';
import { moduleRegistry } from '../platform/modules';

await Promise.all(moduleRegistry.map((module) => module.scale?.()));
export { generators } from './generators';
