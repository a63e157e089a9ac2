// User text is text, not markup: a plan, phase, project or tag named like HTML must show
// literally everywhere — labels, tooltips, table cells and item-view tooltips — and never
// load an image or render bold. The test walks every widget of the editor, the library
// dock, the history dialog and the compare view with hostile names and checks what Qt
// would display for each string.
#include "compareview.h"
#include "document.h"
#include "estimateview.h"
#include "historydialog.h"
#include "librarydock.h"
#include "parameterpanel.h"
#include "plaintext.h"
#include "registry.h"
#include "store.h"
#include "widgettestutil.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QLabel>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTimer>
#include <QtTest>

using namespace costlab;

namespace {

// Markup a user might type (or an attacker plant in a shared file): an image that would be
// loaded from disk and bold text. The marker is what must stay visible, literally.
const QString kHostile = QStringLiteral("<img src=\"/etc/hostile.png\" width=1400 height=850>"
                                        "<b>bold</b>");
const QString kMarker = QStringLiteral("<b>bold</b>");

/// What Qt displays for `text` shown in `format` (tooltips and default labels guess).
QString displayed(const QString& text, Qt::TextFormat format)
{
    const bool rich =
        format == Qt::RichText || (format == Qt::AutoText && Qt::mightBeRichText(text));
    if (!rich)
        return text;
    QTextDocument doc;
    doc.setHtml(text);
    return doc.toPlainText();
}

Scenario hostilePlan()
{
    Scenario s = defaultScenario(std::array{PhaseKind::Pretrain, PhaseKind::RlPosttrain});
    s.name = kHostile.toStdString();
    s.description = kHostile.toStdString();
    s.project = kHostile.toStdString();
    s.phases[0].name = kHostile.toStdString();
    s.phases[1].name = kHostile.toStdString();
    s.phases[1].experiment_batch = kHostile.toStdString();
    return s;
}

} // namespace

class TstHostileNames : public QObject {
    Q_OBJECT

private slots:
    void plainToolTipShowsLiterally();
    void questionsShowNamesLiterallyWithMnemonics();
    void editorViews();
    void libraryViews();
    void compareView();

private:
    /// Checks every string `root` and its children would show; returns how many strings
    /// carried the hostile name (so a walk that found none fails instead of passing).
    int walk(QWidget* root);
    void check(const QString& where, const QString& text, Qt::TextFormat format, int* seen);
};

void TstHostileNames::check(const QString& where, const QString& text, Qt::TextFormat format,
                            int* seen)
{
    if (!text.contains(QLatin1String("bold")))
        return;
    ++*seen;
    const QString shown = displayed(text, format);
    QVERIFY2(shown.contains(kMarker),
             qPrintable(where + QStringLiteral(" renders user text as markup: ") + text));
}

int TstHostileNames::walk(QWidget* root)
{
    int seen = 0;
    QList<QWidget*> widgets = root->findChildren<QWidget*>();
    widgets.prepend(root);
    for (QWidget* w : widgets) {
        const QString name = QString::fromLatin1(w->metaObject()->className());
        check(name + QStringLiteral(" tooltip"), w->toolTip(), Qt::AutoText, &seen);
        if (auto* l = qobject_cast<QLabel*>(w))
            check(name + QStringLiteral(" text"), l->text(), l->textFormat(), &seen);
        if (auto* b = qobject_cast<QAbstractButton*>(w))
            check(name + QStringLiteral(" button"), b->text(), Qt::PlainText, &seen);
        if (auto* v = qobject_cast<QAbstractItemView*>(w); v && v->model()) {
            QAbstractItemModel* m = v->model();
            for (int r = 0; r < m->rowCount(); ++r)
                for (int c = 0; c < m->columnCount(); ++c) {
                    const QModelIndex i = m->index(r, c);
                    // Item views draw DisplayRole as plain text; tooltips guess.
                    check(name + QStringLiteral(" cell tooltip"),
                          m->data(i, Qt::ToolTipRole).toString(), Qt::AutoText, &seen);
                }
            for (int c = 0; c < m->columnCount(); ++c)
                check(name + QStringLiteral(" header tooltip"),
                      m->headerData(c, Qt::Horizontal, Qt::ToolTipRole).toString(), Qt::AutoText,
                      &seen);
        }
    }
    return seen;
}

// A question names the plan as plain text, and every answer has a mnemonic (issue 49: the
// unsaved-changes buttons had none).
void TstHostileNames::questionsShowNamesLiterallyWithMnemonics()
{
    const QString hostile = QStringLiteral("<b>Plan</b> &amp; co");
    QStringList texts;
    QString shown;
    QTimer::singleShot(0, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box)
            return;
        shown = box->text();
        QVERIFY(box->textFormat() == Qt::PlainText);
        for (QAbstractButton* b : box->buttons())
            texts << b->text();
        box->reject();
    });
    askPlain(nullptr, QStringLiteral("Unsaved changes"), hostile,
             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    QCOMPARE(shown, hostile);
    QCOMPARE(texts.size(), 3);
    for (const QString& t : texts)
        QVERIFY2(t.contains(QLatin1Char('&')) && !t.endsWith(QLatin1Char('&')), qPrintable(t));
    QVERIFY(texts.contains(QStringLiteral("&Save")));
    QVERIFY(texts.contains(QStringLiteral("&Discard")));
}

void TstHostileNames::plainToolTipShowsLiterally()
{
    const QString tip = plainToolTip(kHostile + QStringLiteral("\nsecond line"));
    QVERIFY(displayed(tip, Qt::AutoText).contains(kMarker));
    QVERIFY(displayed(tip, Qt::AutoText).contains(QStringLiteral("second line")));
    // Without the helper Qt would have rendered it: the check itself can fail.
    QVERIFY(!displayed(kHostile, Qt::AutoText).contains(kMarker));
}

void TstHostileNames::editorViews()
{
    const Catalog cat = test::loadTestCatalog();
    Document doc;
    doc.reset(hostilePlan());
    ParameterPanel panel(&doc, &cat);
    EstimateView view(&doc, &cat);
    view.resize(1280, 720);
    panel.resize(400, 720);
    view.waitForSweep();
    const int seen = walk(&panel) + walk(&view);
    QVERIFY2(seen > 0, "no widget showed the plan's names: the walk checked nothing");
}

void TstHostileNames::libraryViews()
{
    QTemporaryDir dir;
    ScenarioStore store;
    QVERIFY(store.open(dir.filePath(QStringLiteral("lib.db")).toStdString()).ok());
    const auto id = store.create(hostilePlan(), "first");
    QVERIFY(id.ok());
    Scenario second = hostilePlan();
    second.phases[0].gpus = 2048;
    QVERIFY(store.saveRevision(id.value, second, "second").ok());
    QVERIFY(store.setTags(id.value, {{TagKind::Free, kHostile.toStdString()}}).ok());

    LibraryDock dock(&store);
    dock.resize(800, 500);
    int seen = walk(&dock);
    QVERIFY2(seen > 0, "the library dock showed no name");

    HistoryDialog history(&store, id.value);
    seen = walk(&history);
    QVERIFY2(seen > 0, "the history dialog showed no name");
}

void TstHostileNames::compareView()
{
    const Catalog cat = test::loadTestCatalog();
    CompareView v;
    v.setScenarios({hostilePlan(), hostilePlan()}, cat);
    v.resize(1280, 720);
    QVERIFY2(walk(&v) > 0, "the compare view showed no name");
}

QTEST_MAIN(TstHostileNames)
#include "tst_hostilenames.moc"
