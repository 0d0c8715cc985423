/** Optional peers (the simulator, sharp, ioredis) load when a feature needs them; missing, the error says how to install. */
export class MissingPeerError extends Error {
  override readonly name = 'MissingPeerError';
  constructor(packageName: string, feature: string, options?: ErrorOptions) {
    super(
      `The package ${packageName} is needed for ${feature} but is not installed. Install it next to @room-restyler/proxy: npm install ${packageName}`,
      options,
    );
  }
}

export async function importPeer<T>(packageName: string, feature: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    // Node says `Cannot find package 'sharp' imported from …` (ESM) or `Cannot find module 'sharp'` (CJS).
    const missing =
      (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String((error as Error).message).includes(`'${packageName}'`);
    if (missing) throw new MissingPeerError(packageName, feature, { cause: error });
    throw error;
  }
}
