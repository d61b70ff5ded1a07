// The words of the notice that replaced saved work is kept (www/share/backup-notice.ts), in English and
// Chinese: they ship with its chunk, not in the first visit's table (www/i18n/).

export const EN = {
  'backup.kept': 'The work this browser had saved was replaced by the view opened here; it is kept.',
  'backup.restore': 'Restore earlier work',
  'backup.discard': 'Discard it',
  'backup.failed': 'The earlier work could not be opened here (it is still kept): {message}',
} as const;

export const ZH: Record<keyof typeof EN, string> = {
  'backup.kept': '此浏览器之前保存的内容已被这里打开的视图替换；旧内容已保留。',
  'backup.restore': '恢复之前的内容',
  'backup.discard': '丢弃它',
  'backup.failed': '无法在这里打开之前的内容（它仍被保留）：{message}',
};

/** Both tables, for the test that every key has both languages. */
export const TABLES = { en: EN, zh: ZH };

