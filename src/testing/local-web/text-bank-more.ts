/**
 * Word banks of the local web's Chinese, Japanese and Arabic sites (see text-bank.ts), so that
 * crawl tests and benchmarks see scripts written without spaces and from right to left. The
 * phrases are self-written for this project; like the English and Russian ones, each is
 * complete, so any combination reads as a plausible news sentence:
 * - Chinese: subject, time or manner phrase, verb with 了, object (主语 + 状语 + 谓语 + 宾语);
 * - Japanese: subject with は, time or manner phrase, object with を, verb in the past (SOV);
 * - Arabic: singular masculine subjects, so the past-tense verbs before the object always agree.
 * Section, tag and author slugs are romanised, as such sites do; articles go by number.
 */
import type { Bank } from './text-bank.js';

const named = (pairs: ReadonlyArray<readonly [string, string]>): Array<{ slug: string; label: string }> => pairs.map(([slug, label]) => ({ slug, label }));

export const ZH: Bank = {
  headlineSubjects: ['市政府', '市议会', '港务局', '市立医院', '铁路公司', '教育局', '自来水公司', '市立大学', '警察局', '艺术节组委会', '博物馆', '规划委员会', '公交公司', '农民协会', '消防局', '图书馆'],
  headlineVerbs: ['批准', '推迟', '否决', '公布', '支持', '审查', '扩大', '削减', '启动', '搁置'],
  subjects: ['市政府', '市长', '港务局', '当地居民', '市立医院', '商业街的店主们', '铁路公司', '小学的家长们', '规划委员会', '河流保护协会的志愿者', '省政府', '一群工程师', '艺术节的组织者', '教师们', '自来水公司'],
  verbs: ['批准了', '推迟了', '否决了', '提出了', '批评了', '欢迎了', '审议了', '宣布了', '支持了', '扩大了', '质疑了', '资助了', '公布了'],
  objects: ['新的预算', '重建老桥的计划', '公交时刻表', '一项关于河流的研究', '新建学校的方案', '停车规则的修改', '调查结果', '廉价住房计划', '市场广场的改造', '年度报告', '一条新的自行车道', '渡轮合同', '海堤的维修', '夏季艺术节的计划'],
  complements: ['在周一晚上', '经过长时间的辩论', '在市中心', '在本周末', '今年第三次', '不顾强烈反对', '经过数月的谈判', '在一次公开会议上', '没有经过投票', '在夏天到来之前', '在一份简短的声明中', '出乎很多人的意料'],
  openerComma: '，',
  openers: ['本月早些时候', '据官员介绍', '周二', '十年来第一次', '出人意料的是', '去年年底', '正如预期', '与此同时'],
  quoteFrames: ['“我们认真听取了各方意见，这是正确的决定。”{name}说。', '“这件事不应该让任何人感到意外。”{name}对记者说。', '“这需要时间，但这座城市值得更好的。”{name}表示。', '{name}说：“我们预计几个月内就会看到初步结果。”'],
  closers: ['最终决定预计将于下个月作出。', '工程计划于明年春天开工。', '市民可以在本月底之前提出异议。', '委员会将在两周后再次开会。', '详细信息将在市政府网站上公布。'],
  sections: named([['zhengzhi', '政治'], ['caijing', '财经'], ['guoji', '国际'], ['keji', '科技'], ['tiyu', '体育'], ['wenhua', '文化'], ['jiankang', '健康'], ['pinglun', '评论']]),
  tags: named([
    ['gangkou', '港口'], ['jiaotong', '交通'], ['zhufang', '住房'], ['xuexiao', '学校'], ['yusuan', '预算'], ['xuanju', '选举'], ['tianqi', '天气'], ['heliu', '河流'],
    ['yishujie', '艺术节'], ['yiyuan', '医院'], ['nengyuan', '能源'], ['tingche', '停车'], ['nongye', '农业'], ['lvyou', '旅游'], ['zhian', '治安'], ['tushuguan', '图书馆'],
    ['qiaoliang', '桥梁'], ['shichang', '市场'], ['zuqiu', '足球'], ['jiuye', '就业'], ['guihua', '规划'], ['qihou', '气候'], ['tielu', '铁路'], ['shuishou', '税收'],
    ['gongyuan', '公园'], ['dongcheng', '东城'], ['xicheng', '西城'], ['nangang', '南港'], ['beishan', '北山'], ['laocheng', '老城'], ['hebin', '河滨'], ['huochezhan', '火车站'],
  ]),
  firstNames: ['伟', '芳', '娜', '敏', '静', '强', '磊', '军', '洋', '勇', '艳', '杰'],
  lastNames: ['王', '李', '张', '刘', '陈', '杨', '黄', '赵'],
  grammar: {
    space: '',
    stop: '。',
    clause: (subject, verb, object, complement) => `${subject}${complement}${verb}${object}`,
    headline: (subject, verb, object, complement) => `${subject}${complement ?? ''}${verb}${object}`,
  },
  ui: {
    latest: '最新新闻', mostRead: '阅读排行', related: '相关新闻', tags: '话题', by: '作者：', page: '页', next: '下一页', previous: '上一页',
    search: '搜索', calendar: '日历', archive: '存档', about: '关于我们', contact: '联系我们', privacy: '隐私政策', terms: '使用条款',
    noResults: '当天没有新闻。', more: '更多', comments: '评论', signIn: '登录后发表评论', gallery: '组图：',
  },
};

export const JA: Bank = {
  headlineSubjects: ['市議会', '港湾局', '市役所', '市民病院', '鉄道会社', '教育委員会', '水道局', '市立大学', '警察署', '祭り実行委員会', '美術館', '都市計画審議会', 'バス会社', '農業協同組合', '消防局', '図書館'],
  headlineVerbs: ['承認', '延期', '否決', '発表', '支持', '見直し', '拡大', '削減', '開始', '凍結'],
  subjects: ['市議会は', '市長は', '港湾局は', '地元の住民は', '市民病院は', '商店街の店主たちは', '鉄道会社は', '小学校の保護者たちは', '都市計画審議会は', '河川保護団体のボランティアは', '県は', '技術者のグループは', '祭りの主催者は', '教師たちは', '水道局は'],
  verbs: ['承認した', '延期した', '否決した', '発表した', '批判した', '歓迎した', '審議した', '公表した', '支持した', '見直した', '拡大した', '疑問視した'],
  objects: ['新しい予算を', '古い橋の再建計画を', 'バスの時刻表を', '川に関する調査を', '新しい学校の計画を', '駐車規則の変更を', '調査の結果を', '低家賃住宅の計画を', '市場広場の再開発を', '年次報告書を', '新しい自転車道を', 'フェリーの契約を', '防潮堤の補修を', '夏祭りの計画を'],
  complements: ['月曜日の夜に', '長い議論の末に', '市の中心部で', '週末に', '今年で三度目に', '強い反対を押し切って', '数か月の交渉の後に', '公開の会合で', '採決を経ずに', '夏を前に', '短い声明の中で', '多くの人の予想に反して'],
  openerComma: '、',
  openers: ['今月初め', '関係者によると', '火曜日', '十年ぶりに', '意外なことに', '昨年末', '予想通り', '一方'],
  quoteFrames: ['「皆さんの意見を丁寧に聞いた上での正しい判断だ」と{name}氏は述べた。', '「誰も驚くべきことではない」と{name}氏は記者団に語った。', '「時間はかかるが、この町はもっと良くなれる」と{name}氏は話した。', '{name}氏によると「数か月以内に最初の結果が出る見込みだ」という。'],
  closers: ['最終的な決定は来月に出る見通しだ。', '工事は来年の春に始まる予定だ。', '意見は今月末まで受け付けている。', '委員会は二週間後に再び開かれる。', '詳細は市のウェブサイトで公表される。'],
  sections: named([['seiji', '政治'], ['keizai', '経済'], ['kokusai', '国際'], ['kagaku', '科学'], ['supotsu', 'スポーツ'], ['bunka', '文化'], ['kenko', '健康'], ['shasetsu', '社説']]),
  tags: named([
    ['minato', '港'], ['kotsu', '交通'], ['jutaku', '住宅'], ['gakko', '学校'], ['yosan', '予算'], ['senkyo', '選挙'], ['tenki', '天気'], ['kawa', '川'],
    ['matsuri', '祭り'], ['byoin', '病院'], ['enerugi', 'エネルギー'], ['chusha', '駐車'], ['nogyo', '農業'], ['kanko', '観光'], ['hanzai', '犯罪'], ['toshokan', '図書館'],
    ['hashi', '橋'], ['ichiba', '市場'], ['sakka', 'サッカー'], ['koyo', '雇用'], ['keikaku', '計画'], ['kiko', '気候'], ['tetsudo', '鉄道'], ['zeikin', '税金'],
    ['koen', '公園'], ['higashimachi', '東町'], ['nishimachi', '西町'], ['minamiguchi', '南口'], ['kitayama', '北山'], ['furumachi', '古町'], ['kawabata', '川端'], ['ekimae', '駅前'],
  ]),
  firstNames: ['翔太', '陽菜', '大輔', '美咲', '健一', '由美', '拓也', '真理'],
  lastNames: ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村'],
  grammar: {
    space: '',
    stop: '。',
    clause: (subject, verb, object, complement) => `${subject}${complement}${object}${verb}`,
    // 「市議会、新しい予算を承認」: the subject set off by a comma, the verb as a noun.
    headline: (subject, verb, object, complement) => `${subject}、${complement ?? ''}${object}${verb}`,
  },
  ui: {
    latest: '最新ニュース', mostRead: 'よく読まれている記事', related: '関連記事', tags: 'トピック', by: '記者：', page: 'ページ', next: '次へ', previous: '前へ',
    search: '検索', calendar: 'カレンダー', archive: 'アーカイブ', about: '会社案内', contact: 'お問い合わせ', privacy: 'プライバシー', terms: '利用規約',
    noResults: 'この日の記事はありません。', more: 'もっと見る：', comments: 'コメント', signIn: 'ログインしてコメント', gallery: '写真特集：',
  },
};

export const AR: Bank = {
  headlineSubjects: ['المجلس البلدي', 'مجلس الميناء', 'مكتب المحافظ', 'المستشفى العام', 'مشغل السكك الحديدية', 'مجلس التعليم', 'المتحف الوطني', 'مجلس التخطيط', 'اتحاد المزارعين', 'جهاز الدفاع المدني'],
  headlineVerbs: ['يقر', 'يؤجل', 'يرفض', 'يكشف عن', 'يدعم', 'يراجع', 'يوسع', 'يطلق'],
  subjects: ['المجلس البلدي', 'المحافظ', 'مجلس الميناء', 'المستشفى العام', 'مشغل السكك الحديدية', 'مجلس التخطيط', 'الاتحاد المحلي للتجار', 'وزير النقل', 'المتحدث باسم البلدية', 'فريق من المهندسين', 'منظم المهرجان', 'مدير المدرسة'],
  verbs: ['أقر', 'أجل', 'رفض', 'قدم', 'انتقد', 'راجع', 'أعلن', 'دعم', 'وسع', 'موّل', 'نشر'],
  objects: ['الميزانية الجديدة', 'خطة إعادة بناء الجسر القديم', 'جدول الحافلات', 'دراسة عن النهر', 'مشروع المدرسة الجديدة', 'تعديلات قواعد الوقوف', 'نتائج الاستطلاع', 'برنامج الإسكان الميسر', 'تطوير ساحة السوق', 'التقرير السنوي', 'مسار الدراجات الجديد', 'عقد العبارات', 'إصلاح السور البحري', 'خطط مهرجان الصيف'],
  complements: ['مساء الاثنين', 'بعد نقاش طويل', 'في وسط المدينة', 'في نهاية الأسبوع', 'للمرة الثالثة هذا العام', 'رغم الاعتراضات الشديدة', 'بعد أشهر من المحادثات', 'في اجتماع عام', 'دون تصويت', 'قبل حلول الصيف', 'في بيان قصير', 'على غير ما توقعه كثيرون'],
  openerComma: '، ',
  openers: ['في وقت سابق من هذا الشهر', 'وفقا للمسؤولين', 'يوم الثلاثاء', 'لأول مرة منذ عشر سنوات', 'في خطوة مفاجئة', 'في أواخر العام الماضي', 'وكما كان متوقعا', 'في الأثناء'],
  quoteFrames: ['وقال {name}: «لقد استمعنا إلى الجميع بعناية وهذا هو القرار الصحيح».', 'وصرح {name} للصحفيين: «لا ينبغي أن يفاجأ أحد بهذا».', 'وأضاف {name}: «سيستغرق الأمر وقتا، لكن المدينة تستحق الأفضل».', 'وبحسب {name}: «نتوقع النتائج الأولى خلال بضعة أشهر».'],
  closers: ['ومن المتوقع صدور القرار النهائي الشهر المقبل.', 'ومن المقرر أن تبدأ الأعمال في الربيع.', 'ويمكن تقديم الاعتراضات حتى نهاية الشهر.', 'وستجتمع اللجنة مرة أخرى بعد أسبوعين.', 'وستنشر التفاصيل على موقع البلدية.'],
  sections: named([['siyasa', 'سياسة'], ['iqtisad', 'اقتصاد'], ['alam', 'العالم'], ['ulum', 'علوم'], ['riyada', 'رياضة'], ['thaqafa', 'ثقافة'], ['sihha', 'صحة'], ['ray', 'رأي']]),
  tags: named([
    ['mina', 'الميناء'], ['naql', 'النقل'], ['iskan', 'الإسكان'], ['madaris', 'المدارس'], ['mizaniya', 'الميزانية'], ['intikhabat', 'الانتخابات'], ['taqs', 'الطقس'], ['nahr', 'النهر'],
    ['mahrajan', 'المهرجان'], ['mustashfa', 'المستشفى'], ['taqa', 'الطاقة'], ['ziraa', 'الزراعة'], ['siyaha', 'السياحة'], ['jarima', 'الجريمة'], ['maktabat', 'المكتبات'], ['jusur', 'الجسور'],
    ['aswaq', 'الأسواق'], ['kurat-alqadam', 'كرة القدم'], ['mathaf', 'المتاحف'], ['wazaif', 'الوظائف'], ['takhtit', 'التخطيط'], ['munakh', 'المناخ'], ['sikak', 'السكك الحديدية'], ['daraib', 'الضرائب'],
    ['hadaiq', 'الحدائق'], ['albalad', 'البلد القديم'], ['alkurnish', 'الكورنيش'], ['almahatta', 'المحطة'], ['alsuq', 'السوق'], ['alzuhur', 'الزهور'], ['alnakhil', 'النخيل'], ['albahr', 'البحر'],
  ]),
  firstNames: ['أحمد', 'محمد', 'علي', 'عمر', 'خالد', 'يوسف', 'سامي', 'كريم'],
  lastNames: ['الحسن', 'العلي', 'المصري', 'الخطيب', 'النجار', 'الحداد', 'السيد', 'الشامي'],
  grammar: {
    space: ' ',
    stop: '.',
    // Verb first, as Arabic news prose writes it: أقر المجلس البلدي الميزانية الجديدة مساء الاثنين.
    clause: (subject, verb, object, complement) => `${verb} ${subject} ${object} ${complement}`,
    headline: (subject, verb, object, complement) => `${subject} ${verb} ${object}${complement ? ` ${complement}` : ''}`,
  },
  ui: {
    latest: 'آخر الأخبار', mostRead: 'الأكثر قراءة', related: 'أخبار ذات صلة', tags: 'مواضيع', by: 'بقلم', page: 'صفحة', next: 'التالي', previous: 'السابق',
    search: 'بحث', calendar: 'التقويم', archive: 'الأرشيف', about: 'من نحن', contact: 'اتصل بنا', privacy: 'الخصوصية', terms: 'شروط الاستخدام',
    noResults: 'لا توجد أخبار في هذا اليوم.', more: 'المزيد في', comments: 'التعليقات', signIn: 'سجل الدخول للتعليق', gallery: 'بالصور:',
  },
};
