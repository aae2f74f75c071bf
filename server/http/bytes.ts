/** A view of a Buffer's bytes as a plain Uint8Array, as response bodies take them, without copying them. */
export const bytesOf = (buffer: Buffer) => new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.byteLength)
