import '../src/server/modules';
import { actionRegistry } from '../src/server/platform/actions';
import { exportRegistry, listRegistry } from '../src/server/platform/lists';

/**
 * The registries the registry-driven tests walk. An empty one (the modules not imported, a
 * registration lost) would let every such test pass while proving nothing, so it fails them.
 */
function filled<K, V>(name: string, registry: Map<K, V>): Map<K, V> {
  if (registry.size === 0) throw new Error(`No ${name} is registered: the tests that walk them would prove nothing.`);
  return registry;
}

export const registeredActions = () => filled('action', actionRegistry);
export const registeredLists = () => filled('list', listRegistry);
export const registeredExports = () => filled('CSV export', exportRegistry);
