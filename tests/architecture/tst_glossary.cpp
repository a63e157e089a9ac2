// The Chinese translation uses one term per concept (issue 49): every message of
// translations/costlab_zh_CN.ts whose English text holds a term of translations/glossary.tsv
// is translated with that row's Chinese term. A term translated two ways fails here, with
// every message that strays.
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QXmlStreamReader>
#include <QtTest>

namespace {

struct Term {
    QString en, zh;
    QRegularExpression pattern; ///< the term as a word, not inside an identifier
};

struct Message {
    QString context, source, translation;
};

QList<Term> glossary()
{
    QList<Term> out;
    QFile f(QStringLiteral(COSTLAB_SOURCE_DIR "/translations/glossary.tsv"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    for (const QByteArray& raw : f.readAll().split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList cells = line.split(QLatin1Char('\t'));
        if (cells.size() < 2)
            continue;
        // Not preceded by "-", "_", "." or a letter (--catalog, catalog_id, plan.catalog),
        // not followed by "_", "." plus a letter, or "-" (catalog_id, catalog.currency).
        const QString word = QRegularExpression::escape(cells[0]);
        out.push_back({cells[0], cells[1],
                       QRegularExpression(QStringLiteral("(?<![-_.\\w])") + word +
                                              QStringLiteral("s?(?![\\w-]|[_.]\\w)"),
                                          QRegularExpression::CaseInsensitiveOption)});
    }
    return out;
}

QList<Message> messages()
{
    QList<Message> out;
    QFile f(QStringLiteral(COSTLAB_SOURCE_DIR "/translations/costlab_zh_CN.ts"));
    if (!f.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    bool live = true;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name"))
            context = xml.readElementText();
        else if (xml.name() == QLatin1String("source"))
            m = {context, xml.readElementText(), {}};
        else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            live = type.isEmpty();
            // Plural forms are <numerusform> children: their text counts.
            m.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (live)
                out.push_back(m);
        }
    }
    if (xml.hasError())
        qWarning("%s: line %lld: %s", qPrintable(f.fileName()), xml.lineNumber(),
                 qPrintable(xml.errorString()));
    return out;
}

/// Every {"en": …, "zh": …} pair below `v` (a lesson's bilingual texts), as messages.
void collectPairs(const QJsonValue& v, const QString& file, QList<Message>& out)
{
    if (v.isArray()) {
        for (const QJsonValue& e : v.toArray())
            collectPairs(e, file, out);
        return;
    }
    if (!v.isObject())
        return;
    const QJsonObject o = v.toObject();
    if (o.value(QLatin1String("en")).isString() && o.value(QLatin1String("zh")).isString())
        out.push_back({file, o.value(QLatin1String("en")).toString(),
                       o.value(QLatin1String("zh")).toString()});
    for (auto it = o.begin(); it != o.end(); ++it)
        collectPairs(it.value(), file, out);
}

/// The shipped lessons' texts: a teacher reads them beside the window, so they use the
/// window's terms (issue 49: lessons said 总费用 where the window says 总成本).
QList<Message> lessonMessages()
{
    QList<Message> out;
    const QDir dir(QStringLiteral(COSTLAB_SOURCE_DIR "/resources/lessons"));
    for (const QString& name : dir.entryList({QStringLiteral("*.costlab-lesson.json")})) {
        QFile f(dir.filePath(name));
        if (f.open(QIODevice::ReadOnly))
            collectPairs(QJsonDocument::fromJson(f.readAll()).object(), name, out);
    }
    return out;
}

} // namespace

class TstGlossary : public QObject {
    Q_OBJECT

private slots:
    void filesAreRead()
    {
        QVERIFY(glossary().size() >= 8);
        QVERIFY(messages().size() > 1500);
        QVERIFY(lessonMessages().size() > 100);
    }

    void eachTermIsTranslatedOneWay()
    {
        const QList<Message> all = messages() + lessonMessages();
        QStringList strays;
        int checked = 0;
        for (const Term& t : glossary())
            for (const Message& m : all) {
                if (!t.pattern.match(m.source).hasMatch())
                    continue;
                ++checked;
                if (!m.translation.contains(t.zh))
                    strays << QStringLiteral("%1 → %2 [%3] \"%4\" → \"%5\"")
                                  .arg(t.en, t.zh, m.context, m.source.left(70),
                                       m.translation.left(50));
            }
        QVERIFY(checked > 100); // the terms are in use, so the check means something
        QVERIFY2(strays.isEmpty(), qPrintable(strays.join(QLatin1Char('\n'))));
    }

    /// Issue 49: "一次优化器步:时间花在哪里". Beside a Chinese character a colon, comma or
    /// semicolon is the full-width one (：，；); ";;" separates file-dialog filters and stays.
    void chinesePunctuationIsFullWidth()
    {
        const QRegularExpression halfWidth(
            QStringLiteral("(?<=[\\x{3400}-\\x{9fff}])[:,]|[:,](?=[\\x{3400}-\\x{9fff}])|"
                           "(?<=[\\x{3400}-\\x{9fff}]);(?!;)|(?<!;);(?=[\\x{3400}-\\x{9fff}])"));
        QStringList strays;
        for (const Message& m : messages() + lessonMessages())
            if (halfWidth.match(m.translation).hasMatch())
                strays << m.translation.left(60);
        QVERIFY2(strays.isEmpty(), qPrintable(strays.join(QLatin1Char('\n'))));
    }
};

QTEST_GUILESS_MAIN(TstGlossary)
#include "tst_glossary.moc"
