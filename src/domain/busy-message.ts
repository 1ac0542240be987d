/**
 * A call that failed without a message of its own: the server's fault, no answer, or no data. The catalogue
 * (messages.ts) serves it as `messages.busy`; it stands alone so that the API client, which every page
 * loads first, carries this one message and not the whole catalogue.
 */
export const busyMessage = () => '系統忙碌中，請稍後再試';
