// `node --import ./hide-packages.mjs`: the packages named in HIDE_PACKAGES (comma-separated) cannot
// be resolved, exactly as if they were not installed, so tests can prove what a site without an
// optional peer gets. Nothing is uninstalled.
import { register } from 'node:module';

const packages = (process.env.HIDE_PACKAGES ?? '').split(',').filter(Boolean);
register('./hide-packages-hooks.mjs', import.meta.url, { data: { packages } });
