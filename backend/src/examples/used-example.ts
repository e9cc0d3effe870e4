/** An example that guided a write (sent in-context): its uuid, and the first words of its user message. */
export interface UsedExample {
  uuid: string;
  words: string;
}
