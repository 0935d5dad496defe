import { ANNOTATE_BODY, ANNOTATE_LIMITS, type AnnotateInput, TEXT_PARAM } from '../contract/api/annotate.ts';
import { API_BASE } from '../contract/api/base.ts';
import { annotateBody } from '../annotate/annotate-response.ts';
import type { ConceptLexicon } from '../annotate/loaded-lexicon.ts';
import { bodyReader } from '../http/body-reader.ts';
import type { Req, Res } from '../http/context.ts';
import { params } from '../http/param-schemas.ts';
import { problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { respond } from '../http/respond.ts';
import { etagOfBytes, JSON_TYPE, PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { NO_PARAMS } from './common-params.ts';
import { route } from './route-def.ts';

/** Free text to HPO terms: the concept recogniser (server/annotate/) over the snapshot's lexicon. */

const ANNOTATE_DESCRIPTION = `HPO terms (under Phenotypic abnormality) named in a text, one item per mention, in text order: where (\`start\`, \`end\`: 0-based UTF-16 offsets, end exclusive), the words, the term, how sure the recogniser is (\`confidence\`), and what the sentence says of it: \`negated\` ("no seizures", "ataxia was not observed"), \`uncertain\` ("possible seizures", "may have"), \`experiencer\` \`family\` for a relative ("his mother had seizures"). The recogniser reads every way the text may name a term: the labels and synonyms of the HPO release the snapshot serves, whatever the word order, inflection, British or American spelling and adjective or noun form ("hypoplastic radius" is Hypoplasia of the radius); words that HPO's own synonyms use for one another ("absent thumbs" for Aplasia of the thumb); the words of a finding spread over a clause ("the thumbs were absent"); coordinated findings ("cleft lip and palate" is Cleft lip and Cleft palate); mentions inside longer ones ("microcephaly" in "progressive microcephaly"); words published annotated texts wrote for a term; short forms the text defines ("medullary thyroid carcinoma (MTC)") and HPO's own (ASD, VSD) where other findings of the same organ system support one meaning. A re-ranker trained on published annotated texts (PubMed abstracts, GeneReviews chapters, case reports) then keeps the readings it finds likely, from how each was read, the words around it and what the rest of the text says of the term. A text without terms is a 200 with an empty \`data\`. Added in v1.5.0; the wider reading and \`confidence\` in v1.6.0.`;

const PATH = `${API_BASE}/phenotypes/annotate`;

const ANNOTATE = {
  path: PATH,
  tag: 'Phenotypes',
  scope: 'read',
  query: params({ text: TEXT_PARAM }, ['text']),
  pathParams: NO_PARAMS,
  problems: ['content-too-large'],
  summary: 'Find HPO terms in free text',
  description: `${ANNOTATE_DESCRIPTION} Texts over ${ANNOTATE_LIMITS.queryCharacters.toLocaleString('en-US')} characters go in the POST form.`,
  ok: { description: 'The mentions found.', schema: 'AnnotateResponse' },
} as const;

const ANNOTATE_POST = {
  method: 'POST',
  path: PATH,
  tag: 'Phenotypes',
  scope: 'read',
  etag: false,
  query: NO_PARAMS,
  pathParams: NO_PARAMS,
  body: ANNOTATE_BODY,
  problems: ['unsupported-media-type', 'content-too-large'],
  summary: 'Find HPO terms in a long text',
  description: `The same as the GET form for a text in a JSON body (\`{"text": ...}\`, \`Content-Type: application/json\`, at most ${ANNOTATE_LIMITS.bodyBytes.toLocaleString('en-US')} bytes). Why a body on a reading endpoint: a case report or an article does not fit in a URL (servers and proxies cut request lines at 8 KB or less, and a URL is logged and cached, which a clinical text should not be); POST changes nothing, and the same text gives the same answer. ${ANNOTATE_DESCRIPTION}`,
  ok: { description: 'The mentions found.', schema: 'AnnotateResponse' },
} as const;

export const ANNOTATE_ROUTES = {
  annotatePhenotypes: route(ANNOTATE, ({ snapshot }) => annotateResource(snapshot)),
  annotatePhenotypesPost: route(ANNOTATE_POST, ({ snapshot }) => annotatePostResource(snapshot)),
};

/** The snapshot's lexicon, or a 503 for a snapshot built before it. */
export function lexiconOf(snap: Snapshot, req: Req, res: Res): ConceptLexicon | null {
  const lexicon = snap.conceptLexicon;
  if (!lexicon)
    sendProblem(req, res, problem('unavailable', 'This snapshot was built without the concept lexicon; build it again to annotate text.'));
  return lexicon;
}

/** A 413 for a `text` parameter over the GET limit: the POST form takes longer texts. */
export function textTooLong(req: Req, res: Res, text: string): boolean {
  if (text.length <= ANNOTATE_LIMITS.queryCharacters) return false;
  const detail = `text has ${text.length} characters; a query takes at most ${ANNOTATE_LIMITS.queryCharacters}. POST longer texts to /api/v1/phenotypes/annotate as {"text": ...}.`;
  sendProblem(req, res, problem('content-too-large', detail));
  return true;
}

/** The answer: with an ETag for the GET form; never stored for the POST form (its text is in no URL, and need not be in a cache). */
function send(req: Req, res: Res, lexicon: ConceptLexicon, text: string, post: boolean): void {
  req.ctx.cache = 'computed';
  const bytes = Buffer.from(JSON.stringify(annotateBody(lexicon, text)));
  if (!post) return sendComposed(req, res, bytes, PRIVATE, etagOfBytes(bytes), []);
  respond(req, res, 200, ['Content-Type', JSON_TYPE, 'Cache-Control', 'no-store', 'Content-Length', String(bytes.length)], bytes);
}

/** GET ?text= (server/annotate/). */
function annotateResource(getSnapshot: () => Snapshot): RouteHandler<typeof ANNOTATE> {
  return function annotateHandler(req, res, { query: v }): void {
    const lexicon = lexiconOf(getSnapshot(), req, res);
    if (lexicon && !textTooLong(req, res, v.text)) send(req, res, lexicon, v.text, false);
  };
}

/** POST with {"text": ...}: the same for texts too long for a URL. */
function annotatePostResource(getSnapshot: () => Snapshot): RouteHandler<typeof ANNOTATE_POST> {
  const read = bodyReader<AnnotateInput>(ANNOTATE_POST.body, ANNOTATE_LIMITS.bodyBytes, 'content-too-large');
  return async function annotatePostHandler(req, res): Promise<void> {
    const b = await read(req);
    if (!b.ok) return sendProblem(req, res, b.problem, b.close ? ['Connection', 'close'] : []);
    const lexicon = lexiconOf(getSnapshot(), req, res);
    if (lexicon) send(req, res, lexicon, b.value.text, true);
  };
}
