// File → Import Model Config… (widgets/editor/importdialog.h, issue 18): the dialog lists
// every key of the file and the shape it sets, the user picks the phases, and the import is
// one undo step. File → Export Launch Settings… (exportconfigdialog.h) shows each exportable
// phase's Megatron-LM or veRL text and saves it atomically. COSTLAB_IMPORT_IMAGE=PREFIX saves
// PREFIX-LANG.png, PREFIX-megatron-LANG.png, PREFIX-verl-LANG.png and PREFIX-export-LANG.png.
#include "catalogio.h"
#include "curvecsv.h"
#include "document.h"
#include "engine.h"
#include "exportconfigdialog.h"
#include "import.h"
#include "importdialog.h"
#include "languages.h"
#include "launchexport.h"
#include "paramtext.h"
#include "registry.h"
#include "scenario_json.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QPlainTextEdit>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace costlab;

namespace {

// Llama 2 70B's shape (paper Table 1, GQA 8) with keys a real file carries.
const char* kLlama70b = "{\n"
                        "  \"architectures\": [\"LlamaForCausalLM\"],\n"
                        "  \"model_type\": \"llama\",\n"
                        "  \"num_hidden_layers\": 80,\n"
                        "  \"hidden_size\": 8192,\n"
                        "  \"num_attention_heads\": 64,\n"
                        "  \"num_key_value_heads\": 8,\n"
                        "  \"intermediate_size\": 28672,\n"
                        "  \"vocab_size\": 32000,\n"
                        "  \"max_position_embeddings\": 4096,\n"
                        "  \"rms_norm_eps\": 1e-05,\n"
                        "  \"hidden_act\": \"silu\",\n"
                        "  \"torch_dtype\": \"float16\"\n"
                        "}\n";

Scenario twoPhasePlan()
{
    Scenario s = defaultScenario(
        std::array{PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::Evaluation});
    s.phases[0].name = "Base";
    s.phases[1].name = "GRPO";
    s.phases[2].name = "Eval";
    return s;
}

} // namespace

class TestImportDialog : public QObject {
    Q_OBJECT
private slots:
    void oneUndoStepForTheChosenPhases();
    void dialogListsEveryKeyAndThePhases();
    void megatronOffersOnlyPretraining();
    void verlOffersOnlyRl();
    void exportDialogShowsEachPhase();
    void readsOffTheUiThread();
    void errorsInTheReadersLanguage();
    void render();
};

void TestImportDialog::megatronOffersOnlyPretraining()
{
    // Megatron's layout and batch exist only in pre-training phases: the RL phase is not
    // offered, and the import lands in the pre-training phase.
    ConfigImport im = importConfig("--tensor-model-parallel-size 8 --micro-batch-size 2");
    QVERIFY(im.ok());
    ImportDialog d(QStringLiteral("train.sh"), im, twoPhasePlan());
    const auto boxes = d.findChildren<QCheckBox*>();
    QCOMPARE(boxes.size(), 1);
    QCOMPARE(d.chosenPhases(), QList<int>({0}));
    Document doc;
    doc.reset(twoPhasePlan());
    QVERIFY(doc.apply(ImportDialog::changes(doc.scenario(), im, d.chosenPhases()),
                      QStringLiteral("Import")));
    QCOMPARE(doc.scenario().phases[0].pretrain.tp, 8.0);
    QCOMPARE(doc.scenario().phases[0].pretrain.micro_batch, 2.0);
}

std::string verlScript()
{
    QFile f(QStringLiteral(COSTLAB_TEST_DATA_DIR "/verl/grpo_trainer_run_qwen2-7b.sh"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read the veRL script");
    return f.readAll().toStdString();
}

void TestImportDialog::verlOffersOnlyRl()
{
    // A veRL launch script configures RL: only the RL phase is offered; one undo step.
    const ConfigImport im = importConfig(verlScript());
    QVERIFY(im.ok());
    ImportDialog d(QStringLiteral("run_qwen2-7b.sh"), im, twoPhasePlan());
    QCOMPARE(d.findChildren<QCheckBox*>().size(), 1);
    QCOMPARE(d.chosenPhases(), QList<int>({1}));
    Document doc;
    doc.reset(twoPhasePlan());
    QVERIFY(doc.apply(ImportDialog::changes(doc.scenario(), im, d.chosenPhases()),
                      QStringLiteral("Import")));
    QCOMPARE(doc.scenario().phases[1].rl.group_size, 5.0); // actor_rollout_ref.rollout.n=5
    QCOMPARE(doc.scenario().phases[1].rl.prompts_per_iter, 1024.0);
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenario().phases[1].rl.group_size, twoPhasePlan().phases[1].rl.group_size);
}

void TestImportDialog::exportDialogShowsEachPhase()
{
    const Scenario plan = twoPhasePlan();
    const Catalog cat = [] {
        std::vector<std::string> errs;
        return *loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errs);
    }();
    const Estimate est = evaluate(plan, cat);
    ExportConfigDialog d(plan, est, QStringLiteral("9.9.9"));
    // The pre-training and RL phases are offered, not the evaluation.
    QCOMPARE(d.findChild<QComboBox*>()->count(), 2);
    QCOMPARE(d.text().toStdString(), exportMegatronArgs(plan, est, 0, "9.9.9").text);
    d.choose(1);
    QCOMPARE(d.text().toStdString(), exportVerlConfig(plan, est, 1, "9.9.9").text);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("grpo.yaml"));
    QVERIFY(d.saveTo(path).isEmpty());
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(f.readAll()), d.text());
    // An unwritable path: a message naming it, nothing written.
    const QString bad = dir.filePath(QStringLiteral("missing/folder/x.yaml"));
    const QString err = d.saveTo(bad);
    QVERIFY(err.contains(QStringLiteral("x.yaml")));
    QVERIFY(!QFile::exists(bad));
    // A plan with only an evaluation phase has nothing to export.
    const Scenario evalOnly = defaultScenario(std::array{PhaseKind::Evaluation});
    const Estimate e2 = evaluate(evalOnly, cat);
    ExportConfigDialog none(evalOnly, e2, QStringLiteral("9.9.9"));
    QVERIFY(none.text().isEmpty());
}

void TestImportDialog::oneUndoStepForTheChosenPhases()
{
    Document doc;
    doc.reset(twoPhasePlan());
    const Scenario before = doc.scenario();
    const ConfigImport im = importHfConfig(kLlama70b);
    QVERIFY(im.ok());
    QString error;
    QVERIFY2(doc.apply(ImportDialog::changes(doc.scenario(), im, {0, 1}), QStringLiteral("Import"),
                       &error),
             qPrintable(error));
    for (int p : {0, 1}) {
        QCOMPARE(doc.scenario().phases[std::size_t(p)].model.layers, 80.0);
        QCOMPARE(doc.scenario().phases[std::size_t(p)].model.hidden, 8192.0);
        // The derived count follows: 68.98 B (HF safetensors 68,976,648,192).
        QVERIFY(std::abs(doc.scenario().phases[std::size_t(p)].model.params_total / 68.98e9 - 1) <
                0.002);
    }
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    for (int p : {0, 1})
        QCOMPARE(doc.scenario().phases[std::size_t(p)].model.layers,
                 before.phases[std::size_t(p)].model.layers);
    // Only the RL phase.
    doc.undoStack()->redo();
    doc.undoStack()->undo();
    QVERIFY(doc.apply(ImportDialog::changes(doc.scenario(), im, {1}), QStringLiteral("Import")));
    QCOMPARE(doc.scenario().phases[0].model.layers, before.phases[0].model.layers);
    QCOMPARE(doc.scenario().phases[1].model.layers, 80.0);
}

void TestImportDialog::dialogListsEveryKeyAndThePhases()
{
    const Scenario plan = twoPhasePlan();
    ConfigImport im = importHfConfig(kLlama70b);
    const int notes = int(im.notes.size());
    QCOMPARE(notes, 12); // every top-level key of kLlama70b
    ImportDialog d(QStringLiteral("config.json"), std::move(im), plan);
    const auto tables = d.findChildren<QTableWidget*>();
    QCOMPARE(tables.size(), 2);
    QCOMPARE(tables[1]->rowCount(), notes);
    QVERIFY(tables[0]->rowCount() >= 10); // layers … MoE layer fraction
    // Pre-training and RL can take a shape; the evaluation phase is not offered.
    const auto boxes = d.findChildren<QCheckBox*>();
    QCOMPARE(boxes.size(), 2);
    QCOMPARE(d.chosenPhases(), QList<int>({0, 1}));
    boxes[0]->setChecked(false);
    QCOMPARE(d.chosenPhases(), QList<int>({1}));
}

void TestImportDialog::render()
{
    const QString prefix = qEnvironmentVariable("COSTLAB_IMPORT_IMAGE");
    for (const QString& lang : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
        QVERIFY(setLanguage(lang));
        ImportDialog d(QStringLiteral("config.json"), importHfConfig(kLlama70b), twoPhasePlan());
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QApplication::processEvents();
        const QPixmap pix = d.grab();
        QVERIFY(!pix.isNull());
        // Fits a 1280×720 projector with the window frame and a task bar.
        QVERIFY(d.width() <= 1200 && d.height() <= 640);
        if (!prefix.isEmpty())
            QVERIFY(pix.save(prefix + QLatin1Char('-') + lang + QStringLiteral(".png")));
        // A Megatron-LM example script (tests/data/megatron): only the pre-training phase.
        QFile script(QStringLiteral(COSTLAB_TEST_DATA_DIR "/megatron/train_llama3_8b_h100_fp8.sh"));
        QVERIFY(script.open(QIODevice::ReadOnly));
        ImportDialog m(QStringLiteral("train_llama3_8b_h100_fp8.sh"),
                       importConfig(script.readAll().toStdString()), twoPhasePlan());
        m.show();
        QVERIFY(QTest::qWaitForWindowExposed(&m));
        QApplication::processEvents();
        const QPixmap mpix = m.grab();
        QVERIFY(!mpix.isNull());
        if (!prefix.isEmpty())
            QVERIFY(
                mpix.save(prefix + QStringLiteral("-megatron-") + lang + QStringLiteral(".png")));
        // A veRL example script (tests/data/verl): only the RL phase.
        ImportDialog v(QStringLiteral("run_qwen2-7b.sh"), importConfig(verlScript()),
                       twoPhasePlan());
        v.show();
        QVERIFY(QTest::qWaitForWindowExposed(&v));
        QApplication::processEvents();
        QVERIFY(v.width() <= 1200 && v.height() <= 640);
        if (!prefix.isEmpty())
            QVERIFY(
                v.grab().save(prefix + QStringLiteral("-verl-") + lang + QStringLiteral(".png")));
        // The export dialog on the Route B example's RL phase.
        std::vector<std::string> errs;
        const Catalog cat = *loadCatalogFile(COSTLAB_RESOURCE_DIR "/catalog/default.json", errs);
        const LoadResult route = loadScenarioFile(
            COSTLAB_RESOURCE_DIR "/examples/route-b-small-base-heavy-rl.costlab.json");
        QVERIFY(route.scenario);
        const Estimate est = evaluate(*route.scenario, cat);
        ExportConfigDialog x(*route.scenario, est, QStringLiteral("0.1.0"));
        x.choose(1);
        x.resize(900, 600);
        x.show();
        QVERIFY(QTest::qWaitForWindowExposed(&x));
        QApplication::processEvents();
        QVERIFY(x.minimumSizeHint().width() <= 1200 && x.minimumSizeHint().height() <= 640);
        if (!prefix.isEmpty())
            QVERIFY(
                x.grab().save(prefix + QStringLiteral("-export-") + lang + QStringLiteral(".png")));
    }
    setLanguage(QStringLiteral("en"));
}

// Issue 44: the window read a launch script on the GUI thread, so an expansion bomb froze it
// for 73 s. The file is read and recognised on a worker; the reader's refusal comes back as
// the import's error, and an unreadable file as the read error.
/// Issue 49: an importer's and a curve file's errors read in the window's language. The
/// English is what the CLI prints (each `errors` entry is its message's English); in Chinese
/// no English word is left but the file's own key and value.
void TestImportDialog::errorsInTheReadersLanguage()
{
    const ConfigImport im = importConfig(R"({"model_type": "llama", "hidden_size": "wide",
        "num_hidden_layers": 32, "num_attention_heads": 32, "intermediate_size": 14336,
        "vocab_size": 128256})");
    QVERIFY(!im.ok());
    QCOMPARE(im.problems.size(), im.errors.size());
    for (std::size_t i = 0; i < im.errors.size(); ++i)
        QCOMPARE(messageText(im.problems[i]), im.errors[i]);
    // config.json's key as a JSON pointer on its line, then the reason (hand-written).
    QCOMPARE(im.errors.front(),
             std::string("/hidden_size (line 1): expected a number, found \"wide\""));
    // A curve: row 2 (counting the header as line 1) holds text where a number belongs.
    const CurveFile curve = readCurveCsv("step,loss\n1,abc\n");
    QCOMPARE(curve.error, std::string("line 2: 'abc' is not a number"));

    QVERIFY(setLanguage(QStringLiteral("zh_CN")));
    const QString zh = translatedMessage(im.problems.front());
    QVERIFY2(zh.startsWith(QStringLiteral("/hidden_size（第 1 行）：应为数值")), qPrintable(zh));
    QVERIFY2(!zh.contains(QStringLiteral("expected")), qPrintable(zh));
    QCOMPARE(translatedMessage(curve.problem), QStringLiteral("第 2 行：“abc”不是数值"));
    QVERIFY(setLanguage(QStringLiteral("en")));
}

void TestImportDialog::readsOffTheUiThread()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString bombPath = dir.filePath(QStringLiteral("bomb.sh"));
    QFile bomb(bombPath);
    QVERIFY(bomb.open(QIODevice::WriteOnly));
    bomb.write("A=xxxxxxxx\n");
    for (int i = 0; i < 40; ++i)
        bomb.write("A=\"$A$A\"\n");
    bomb.write("torchrun pretrain_gpt.py --num-layers 2 --micro-batch-size $A\n");
    bomb.close();
    QString error;
    const std::optional<ConfigImport> im = ImportDialog::readOffThread(nullptr, bombPath, &error);
    QVERIFY(im.has_value());
    QVERIFY(!im->ok());
    QVERIFY2(im->errors.front().find("expand") != std::string::npos, im->errors.front().c_str());
    QVERIFY(!ImportDialog::readOffThread(nullptr, dir.filePath(QStringLiteral("none.sh")), &error));
    QVERIFY(error.contains(QStringLiteral("none.sh")));
    const std::optional<ConfigImport> good = ImportDialog::readOffThread(
        nullptr, QStringLiteral(COSTLAB_TEST_DATA_DIR "/megatron/train_llama3_8b_h100_fp8.sh"),
        &error);
    QVERIFY(good && good->ok());
}

QTEST_MAIN(TestImportDialog)
#include "tst_importdialog.moc"
