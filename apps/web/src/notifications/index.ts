/** The notifications area: what other screens show of it (the bell, loaded after the first screen). */
export { LazyNoticeBell as NoticeBell } from './LazyNoticeBell.tsx';
export { NOTICE_DETAIL_PATH, NOTICES_PATH } from './paths.ts';
