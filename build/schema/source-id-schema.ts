import type { SchemaMap, SchemaObject } from '../../server/contract/snapshot/component-schemas.ts';
import { SOURCE_IDS } from '../ingest/source-list.ts';

/** Component name of the generated source id schema; provenance, health and release schemas refer to it. */
export const SOURCE_ID_COMPONENT = 'SourceId';

/** The SourceId enum, derived from the registry (build/ingest/source-list.ts): a new source's id joins it by its entry. */
export function sourceIdSchema(): SchemaObject {
  return {
    title: SOURCE_ID_COMPONENT,
    description:
      "Identifier of a data source of this snapshot (see /api/v1/health for each source's name, release and license). `editorial` is curated content from the repository's content/ directory.",
    type: 'string',
    enum: [...SOURCE_IDS],
  };
}

/** The component schemas with SourceId added; a schema file defining it is an error (a second source). */
export function withSourceIds(schemas: SchemaMap, dir: string): SchemaMap {
  if (SOURCE_ID_COMPONENT in schemas)
    throw new Error(
      `${dir}: ${SOURCE_ID_COMPONENT} is generated from the source registry (build/ingest/source-list.ts); remove its schema file`,
    );
  return { ...schemas, [SOURCE_ID_COMPONENT]: sourceIdSchema() };
}
