/** Escapes LIKE wildcards so user text and stored paths match literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for "starts with" (subtrees by materialised path). */
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
