// File → Import Model Config… (widgets/editor/importdialog.h, issue 18): the dialog lists
// every key of the file and the shape it sets, the user picks the phases, and the import is
// one undo step. COSTLAB_IMPORT_IMAGE=PREFIX saves PREFIX-en.png and PREFIX-zh_CN.png.
#include "document.h"
#include "importdialog.h"
#include "languages.h"
#include "registry.h"

#include <QApplication>
#include <QCheckBox>
#include <QFile>
#include <QTableWidget>
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
    }
    setLanguage(QStringLiteral("en"));
}

QTEST_MAIN(TestImportDialog)
#include "tst_importdialog.moc"
