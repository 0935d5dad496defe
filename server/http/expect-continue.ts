import type { IncomingMessage, ServerResponse } from 'node:http';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The server's `checkContinue` listener: a request with `Expect: 100-continue` is served by
 * `listener`, with the `100 Continue` interim answer sent only when it cannot land inside the
 * final one.
 *
 * Without a listener Node calls `res.writeContinue()` at once. When the connection is still busy
 * with the previous answer (a keep-alive client sends its next request as soon as it has read the
 * previous answer's bytes, which can be before the server has finished that answer: a streamed
 * file ends a tick after its last byte; or the client pipelines), the response does not own the
 * socket yet and Node queues the `100 Continue` in the response's output buffer. When the final
 * answer's body is then a Buffer, as every answer of this app is, Node puts the answer's head in
 * front of that queue (OutgoingMessage#_send), so the wire carries head, `100 Continue`, body: the
 * client reads the interim answer as the start of the body, and the rest of the body as a status
 * line that is not one ("Expected HTTP/").
 *
 * So the 100 goes out when the response owns the socket: at once, or when the previous answer
 * has finished, and then only if the final answer has not begun; when it has, the final status
 * stands instead of the 100 (RFC 9110 §10.1.1 lets a server answer with its final status), and
 * a body the client still sends is read and dropped by its framing, as for any unread body.
 */
export function continueWhenOwned(listener: RequestListener): RequestListener {
  return function checkContinue(req, res) {
    if (res.socket) res.writeContinue();
    else
      res.once('socket', () => {
        if (!res.headersSent) res.writeContinue();
      });
    listener(req, res);
  };
}
