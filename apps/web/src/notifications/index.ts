/** The notifications area: what other screens show of it (the bell, light enough for home). */
export { NoticeBell } from './NoticeBell.tsx';
export { NOTICE_DETAIL_PATH, NOTICES_PATH } from './paths.ts';
