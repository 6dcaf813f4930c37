/**
 * The `openai` SDK splits a streamed reply into events by copying what is left of the piece it
 * read after every event (`iterSSEChunks`), so one large piece costs time quadratic in its size:
 * a reply of 10,000 tool calls (3 MB) that a fast local server delivers in one piece kept the
 * worker busy for a minute. Handing the SDK the body in small pieces keeps that copying linear.
 */
export const STREAM_PIECE_BYTES = 16 * 1024;
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** `fetchImpl`, with each response body re-cut into pieces of at most `pieceBytes`. */
export function withSmallPieces(fetchImpl: () => typeof fetch, pieceBytes = STREAM_PIECE_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl()(input, init);
    // A status that may carry no body cannot be rebuilt with one.
    if (!response.body || NULL_BODY_STATUSES.has(response.status)) return response;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(piece, controller) {
          for (let at = 0; at < piece.length; at += pieceBytes) controller.enqueue(piece.subarray(at, at + pieceBytes));
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
