const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be an upload's id (a uuid); anything else is unknown without asking the database. */
export const isUploadId = (id: unknown): id is string => typeof id === 'string' && UUID.test(id);
