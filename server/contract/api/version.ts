import manifest from '../../../package.json' with { type: 'json' };

/**
 * Version of the API the OpenAPI document describes (`info.version`, release.json's `apiVersion`):
 * package.json's `version`, its one home.
 */
export const API_VERSION: string = manifest.version;

/** Date of that version of the interface (`info.x-release-date`). */
export const API_RELEASE_DATE = '2026-12-06';
