import { ANNOTATE_LIMITS, type AnnotateInput } from '../contract/api/annotate.ts';
import { ROUTES } from '../contract/api/routes.ts';
import { annotateBody } from '../annotate/annotate-response.ts';
import type { ConceptLexicon } from '../annotate/concept-lexicon.ts';
import { bodyReader } from '../http/body-reader.ts';
import type { Req, Res } from '../http/context.ts';
import { problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { respond } from '../http/respond.ts';
import { etagOfBytes, JSON_TYPE, PRIVATE, sendComposed } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';

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

/** GET /api/v1/phenotypes/annotate?text= (server/annotate/). */
export function annotateResource(getSnapshot: () => Snapshot): RouteHandler<(typeof ROUTES)['annotatePhenotypes']> {
  return function annotateHandler(req, res, { query: v }): void {
    const lexicon = lexiconOf(getSnapshot(), req, res);
    if (lexicon && !textTooLong(req, res, v.text)) send(req, res, lexicon, v.text, false);
  };
}

/** POST /api/v1/phenotypes/annotate with {"text": ...}: the same for texts too long for a URL. */
export function annotatePostResource(getSnapshot: () => Snapshot): RouteHandler<(typeof ROUTES)['annotatePhenotypesPost']> {
  const read = bodyReader<AnnotateInput>(ROUTES.annotatePhenotypesPost.body, ANNOTATE_LIMITS.bodyBytes, 'content-too-large');
  return async function annotatePostHandler(req, res): Promise<void> {
    const b = await read(req);
    if (!b.ok) return sendProblem(req, res, b.problem, b.close ? ['Connection', 'close'] : []);
    const lexicon = lexiconOf(getSnapshot(), req, res);
    if (lexicon) send(req, res, lexicon, b.value.text, true);
  };
}
