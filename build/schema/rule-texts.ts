import { CLASSIFICATION_RULES } from '../record/classification.ts';
import { CLASS_NAMING_RULE } from '../record/class-naming.ts';
import { DESIGNATION_CONTEXT_RULE } from '../record/designation-context.ts';
import { LINK_RELATION_RULE } from '../record/designation-relation.ts';
import { DEFINITION_CHECK_RULE } from '../record/fact-check.ts';
import { LOST_CHARACTER_RULE, TEXT_REPAIR_RULE } from '../record/text-repair.ts';
import { FREQUENCY_RULE } from '../record/frequency-pool.ts';
import { DIAGNOSTIC_RULE, HALLMARK_RULE } from '../record/hallmarks.ts';
import { INHERITANCE_RULE } from '../record/inheritance.ts';
import { LINKING_RULES } from '../record/link-rules.ts';
import { ROLLUP_RULE } from '../record/rollup.ts';
import { QUALITY_FORMULA } from '../record/quality.ts';
import { SYNONYM_RULE } from '../record/synonyms.ts';
import { SPECIFICITY_RULE } from '../record/term-specificity.ts';
import { FREQUENCY_AGREEMENT_RULE } from '../record/prose/overview-words.ts';

/**
 * The rules, each written once in the module that applies it, and placed into schema descriptions
 * (so into the OpenAPI document) where a description says `{{NAME}}`: the schema files in
 * content/schemas and the generated Computed schema (COMPUTED_FIELDS) alike. This is the one way a
 * rule's text reaches the document.
 */
export const RULE_TEXTS: Record<string, string> = {
  INHERITANCE_RULE,
  FREQUENCY_RULE,
  SYNONYM_RULE,
  ROLLUP_RULE,
  DESIGNATION_CONTEXT_RULE,
  LINKING_RULES,
  LINK_RELATION_RULE,
  TEXT_REPAIR_RULE,
  LOST_CHARACTER_RULE,
  DEFINITION_CHECK_RULE,
  UNMET_NEED_RULE: CLASSIFICATION_RULES.unmetNeedSignal,
  PIPELINE_ACTIVITY_RULE: CLASSIFICATION_RULES.pipelineActivity,
  RESEARCH_ACTIVITY_RULE: CLASSIFICATION_RULES.researchActivity,
  HALLMARK_RULE,
  DIAGNOSTIC_RULE,
  FREQUENCY_AGREEMENT_RULE,
  CLASS_NAMING_RULE,
  SPECIFICITY_RULE,
  QUALITY_FORMULA,
};

/** Replace every `{{NAME}}` in string values named `description`, recursively; an unknown name is an error naming the file. */
export function withRuleTexts(value: unknown, path: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withRuleTexts(v, path));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] =
      k === 'description' && typeof v === 'string'
        ? v.replace(/\{\{([A-Z_]+)\}\}/g, (_, name: string) => {
            const text = RULE_TEXTS[name];
            if (text === undefined) throw new Error(`${path}: description names an unknown rule {{${name}}}`);
            return text;
          })
        : withRuleTexts(v, path);
  }
  return out;
}
