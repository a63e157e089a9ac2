// The parameter registry (registry.h): completeness of every definition, agreement of the
// defaults with the member initialisers of scenario.h, id resolution and text parsing.
#include "paramchange.h"
#include "registry.h"
#include "testutil.h"

#include <QTest>

#include <array>
#include <cmath>
#include <limits>
#include <set>

using namespace costlab;

namespace {

Scenario allKinds()
{
    const std::array kinds{PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::RlPosttrain,
                           PhaseKind::Evaluation};
    return defaultScenario(kinds);
}

bool numeric(const ParamDef& d)
{
    return d.type == ParamType::Real || d.type == ParamType::Integer;
}

QString key(const ParamDef& d)
{
    return QString::fromUtf8(d.key.data(), qsizetype(d.key.size()));
}

} // namespace

class TestRegistry : public QObject {
    Q_OBJECT
private slots:
    /// The message table (issue 49): placeholders filled in one pass, nested messages, and
    /// the English of a range error word for word as the files and the CLI print it.
    void messagesFillTheirPlaceholders()
    {
        QCOMPARE(fillPlaceholders("%2 before %1", {"a", "b"}), std::string("b before a"));
        // An argument's own "%2" is text, not a placeholder; a missing argument stays.
        QCOMPARE(fillPlaceholders("%1, %2, %3", {"%2", "x"}), std::string("%2, x, %3"));
        const ParamDef* gpus = findDef("gpus", kPretrainBit);
        QVERIFY(gpus);
        // Registry: an integer number of GPUs in [1, 1e6] (hand-written expectation).
        QCOMPARE(
            checkValue(*gpus, 0.5),
            std::string("expected an integer (GPUs) in [1, 1000000], got the non-integer 0.5"));
        const Message m = valueProblem(*gpus, 2e6);
        QCOMPARE(m.id, Msg::ExpectedGot);
        QCOMPARE(messageText(m), std::string("expected an integer (GPUs) in [1, 1000000], got "
                                             "2000000 (out of range)"));
        QVERIFY(valueProblem(*gpus, 8).empty());
    }
    void paramChangesApplyInOrder();
    void idsUnique();
    void everyDefDescribed();
    void numericDefsHaveUnits();
    void rangesHoldDefaults();
    void defaultsMatchInitialisers();
    void defaultScenarioShape();
    void derivedCountsFollowTheShape();
    void findParam_data();
    void findParam();
    void setFromString_data();
    void setFromString();
    void checkValueRejects();
    void fullIdRoundTrip();
    void outsideValidated();
};

void TestRegistry::idsUnique()
{
    // Full ids of every bound parameter of a plan with two RL phases are unique, and each
    // (key, kind) pair is defined once (the same key may serve disjoint kinds: "tp").
    const Scenario s = allKinds();
    std::set<std::string> ids;
    for (const ParamRef& r : boundParameters(s)) {
        const std::string id = fullId(s, r);
        QVERIFY2(ids.insert(id).second, ("duplicate id " + id).c_str());
    }
    QVERIFY(ids.count("rl#2.env_count") == 1);
    for (unsigned bit : {0u, kPretrainBit, kRlBit, kEvalBit}) {
        std::set<std::string_view> keys;
        for (const ParamDef& d : parameters()) {
            const bool applies = bit == 0 ? d.phase_kinds == 0 : (d.phase_kinds & bit) != 0;
            if (applies)
                QVERIFY2(keys.insert(d.key).second,
                         qPrintable(QStringLiteral("duplicate key %1").arg(key(d))));
        }
    }
    // JSON paths are unique per kind too (the file format is derived from them).
    for (unsigned bit : {0u, kPretrainBit, kRlBit, kEvalBit}) {
        std::set<std::string_view> paths;
        for (const ParamDef& d : parameters()) {
            const bool applies = bit == 0 ? d.phase_kinds == 0 : (d.phase_kinds & bit) != 0;
            if (applies)
                QVERIFY2(paths.insert(d.json_path).second,
                         qPrintable(QStringLiteral("duplicate path for %1").arg(key(d))));
        }
    }
}

void TestRegistry::everyDefDescribed()
{
    for (const ParamDef& d : parameters()) {
        const QString k = key(d);
        QVERIFY2(!d.key.empty(), "empty key");
        QVERIFY2(!d.label.empty(), qPrintable(k + ": no label"));
        QVERIFY2(!d.help.empty(), qPrintable(k + ": no help"));
        QVERIFY2(!d.group.empty(), qPrintable(k + ": no group"));
        QVERIFY2(!d.json_path.empty(), qPrintable(k + ": no JSON path"));
        if (d.type == ParamType::AcceleratorRef || d.type == ParamType::InstanceRef) {
            QVERIFY2(d.get_str && d.set_str,
                     qPrintable(k + ": catalog reference without string accessors"));
            QVERIFY2(d.phase_kinds != 0, qPrintable(k));
        } else {
            QVERIFY2(d.get && d.set, qPrintable(k + ": no accessors"));
        }
        if (d.type == ParamType::Choice) {
            QVERIFY2(!d.choices.empty(), qPrintable(k + ": choice without choices"));
            QCOMPARE(d.min, 0.0);
            QCOMPARE(d.max, double(d.choices.size() - 1));
            std::set<std::string_view> cids;
            for (const ChoiceDef& c : d.choices) {
                QVERIFY2(!c.id.empty() && !c.label.empty(), qPrintable(k));
                QVERIFY2(cids.insert(c.id).second, qPrintable(k + ": duplicate choice id"));
            }
        }
        if (d.type == ParamType::Bool)
            QVERIFY2(d.min == 0 && d.max == 1, qPrintable(k));
        if (d.scale == ParamScale::Categorical)
            QVERIFY2(!numeric(d), qPrintable(k + ": numeric parameter on a categorical scale"));
        // Log sweeps need a positive lower end (sweepDefaultRange falls back to max/1e4 else).
        if (d.scale == ParamScale::Log)
            QVERIFY2(d.min > 0, qPrintable(k + ": log scale with min ≤ 0"));
        QVERIFY2(d.display_factor > 0, qPrintable(k));
        QVERIFY2((d.phase_kinds & ~(kPretrainBit | kRlBit | kEvalBit)) == 0, qPrintable(k));
    }
}

void TestRegistry::numericDefsHaveUnits()
{
    // "Units on every number shown" (house rules): every Real/Integer parameter names its
    // unit ("×" / "fraction" for ratios, a count noun for counts).
    QStringList missing;
    for (const ParamDef& d : parameters())
        if (numeric(d) && d.unit.empty())
            missing << key(d);
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("no unit: ") + missing.join(QStringLiteral(", "))));
}

void TestRegistry::rangesHoldDefaults()
{
    for (const ParamDef& d : parameters()) {
        const QString k = key(d);
        QVERIFY2(d.min <= d.max, qPrintable(k + ": min > max"));
        QVERIFY2(
            d.min <= d.def && d.def <= d.max,
            qPrintable(
                k +
                QStringLiteral(": default %1 outside [%2, %3]").arg(d.def).arg(d.min).arg(d.max)));
        if (d.type != ParamType::AcceleratorRef && d.type != ParamType::InstanceRef)
            QVERIFY2(checkValue(d, d.def).empty(),
                     qPrintable(k + ": " + QString::fromStdString(checkValue(d, d.def))));
        if (d.type == ParamType::Integer)
            QVERIFY2(d.def == std::floor(d.def), qPrintable(k + ": non-integral default"));
        if (d.valid_min != 0 || d.valid_max != 0) {
            QVERIFY2(d.valid_min <= d.valid_max, qPrintable(k + ": validated range reversed"));
            QVERIFY2(d.min <= d.valid_min && d.valid_max <= d.max,
                     qPrintable(k + ": validated range outside hard range"));
            QVERIFY2(!costlab::outsideValidated(d, d.def),
                     qPrintable(k + ": default outside the validated range"));
        }
    }
}

void TestRegistry::defaultsMatchInitialisers()
{
    // A Scenario built from default-constructed structs (one phase per kind, only `kind`
    // set) must read back every registry default: this keeps registry.cpp and the member
    // initialisers of scenario.h in sync.
    Scenario s;
    for (PhaseKind k : {PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::Evaluation}) {
        Phase p;
        p.kind = k;
        s.phases.push_back(p);
    }
    int checked = 0;
    for (const ParamRef& r : boundParameters(s)) {
        if (!r.def->get)
            continue; // catalog references: no numeric default
        const double v = getValue(s, r);
        QVERIFY2(
            v == r.def->def,
            qPrintable(QString::fromStdString(fullId(s, r)) +
                       QStringLiteral(": struct %1, registry default %2").arg(v).arg(r.def->def)));
        ++checked;
    }
    QVERIFY(checked > 100);
    // Catalog references default to ids the default catalog has.
    const Catalog cat = test::defaultCatalog();
    QVERIFY(cat.accelerator(s.phases[0].accelerator));
    QVERIFY(cat.instance(s.phases[1].env_instance));
}

void TestRegistry::defaultScenarioShape()
{
    const Scenario s = allKinds();
    QCOMPARE(int(s.phases.size()), 4);
    QVERIFY(s.phases[0].kind == PhaseKind::Pretrain);
    QVERIFY(s.phases[2].kind == PhaseKind::RlPosttrain);
    QVERIFY(s.phases[3].kind == PhaseKind::Evaluation);
    for (const ParamRef& r : boundParameters(s)) {
        if (!r.def->get)
            continue;
        const Phase* p = &s.phases[size_t(r.phase < 0 ? 0 : r.phase)];
        if (r.phase >= 0 && derivedFromShape(*r.def, p))
            continue; // checked below
        QCOMPARE(getValue(s, r), r.def->def);
    }
    // The default shape is Llama 3 8B; its counts are derived from it, never the stored
    // 8.03e9: 8,030,261,248 parameters (the Hugging Face model card's exact count), dense.
    for (const Phase& p : s.phases) {
        QCOMPARE(p.model.params_total, 8030261248.0);
        QCOMPARE(p.model.params_active, 0.0);
    }
}

void TestRegistry::derivedCountsFollowTheShape()
{
    // Issue 13: 80 layers × 8192 with "derive size from shape" on must not leave 8.03 B in
    // the Parameters field. Hand count for Llama 3 70B (80 layers, h 8192, 64 heads, 8 KV
    // heads, FFN 28672, V 128256, untied): per layer 2·h·h + 2·h·1024 (Q,O; K,V) + 3·h·28672
    // + 2·h = 855,654,400; ×80 = 68,452,352,000; + 2·V·h = 2,101,346,304; + h (final norm)
    // = 70,553,706,496 — the model card's 70.6 B.
    Scenario s = allKinds();
    const auto layers = costlab::findParam(s, "pretrain.model.layers");
    const auto hidden = costlab::findParam(s, "pretrain.model.hidden");
    const auto heads = costlab::findParam(s, "pretrain.model.heads");
    const auto ffn = costlab::findParam(s, "pretrain.model.ffn");
    const auto total = costlab::findParam(s, "pretrain.model.params_total");
    QVERIFY(layers && hidden && heads && ffn && total);
    s.phases[0].model.preset = "llama-3-8b";
    setValue(s, *layers, 80);
    QVERIFY(s.phases[0].model.preset.empty()); // no longer the preset's shape: dropped
    setValue(s, *hidden, 8192);
    setValue(s, *heads, 64);
    setValue(s, *ffn, 28672);
    QCOMPARE(getValue(s, *total), 70553706496.0);
    QVERIFY(derivedFromShape(*total->def, &s.phases[0]));
    // Off: the count is the user's, starting from the last derived one, and stays put.
    const auto fromShape = costlab::findParam(s, "pretrain.model.from_shape");
    QVERIFY(fromShape);
    setValue(s, *fromShape, 0);
    QVERIFY(!derivedFromShape(*total->def, &s.phases[0]));
    setValue(s, *total, 1e12);
    setValue(s, *layers, 10);
    QCOMPARE(getValue(s, *total), 1e12);
    // Another phase is untouched.
    QCOMPARE(s.phases[1].model.params_total, 8030261248.0);
}

void TestRegistry::findParam_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<bool>("found");
    QTest::addColumn<int>("phase"); // index into Scenario::phases, −1 scenario-wide
    QTest::addColumn<QString>("key");
    // Plan: [0] pretrain, [1] rl, [2] rl, [3] eval.
    QTest::newRow("pretrain.tokens") << "pretrain.tokens" << true << 0 << "tokens";
    QTest::newRow("rl.env_count") << "rl.env_count" << true << 1 << "env_count";
    QTest::newRow("rl#1.env_count") << "rl#1.env_count" << true << 1 << "env_count";
    QTest::newRow("rl#2.env_count") << "rl#2.env_count" << true << 2 << "env_count";
    QTest::newRow("eval.env_count") << "eval.env_count" << true << 3 << "env_count";
    QTest::newRow("rl.model.layers") << "rl.model.layers" << true << 1 << "model.layers";
    QTest::newRow("scenario_wide")
        << "reliability.checkpoint_interval_h" << true << -1 << "reliability.checkpoint_interval_h";
    QTest::newRow("pretrain.accelerator") << "pretrain.accelerator" << true << 0 << "accelerator";
    // Unknown ids and ordinals → nullopt.
    QTest::newRow("rl#3") << "rl#3.env_count" << false << 0 << "";
    QTest::newRow("rl#0") << "rl#0.env_count" << false << 0 << "";
    QTest::newRow("rl#x") << "rl#x.env_count" << false << 0 << "";
    QTest::newRow("rl#1.5") << "rl#1.5.env_count" << false << 0 << "";
    QTest::newRow("eval#2") << "eval#2.versions" << false << 0 << "";
    QTest::newRow("unknown_key") << "pretrain.nonsense" << false << 0 << "";
    QTest::newRow("wrong_kind") << "eval.tokens" << false << 0 << ""; // tokens is pre-training only
    QTest::newRow("no_prefix") << "tokens" << false << 0 << "";
    QTest::newRow("unknown_prefix") << "sft.tokens" << false << 0 << "";
    QTest::newRow("empty") << "" << false << 0 << "";
    QTest::newRow("unknown_section") << "storage.nonsense" << false << 0 << "";
}

void TestRegistry::findParam()
{
    QFETCH(QString, id);
    QFETCH(bool, found);
    QFETCH(int, phase);
    QFETCH(QString, key);
    const Scenario s = allKinds();
    const auto r = costlab::findParam(s, id.toStdString());
    QCOMPARE(r.has_value(), found);
    if (!found)
        return;
    QVERIFY(r->valid());
    QCOMPARE(r->phase, phase);
    QCOMPARE(QString::fromUtf8(r->def->key.data(), qsizetype(r->def->key.size())), key);
    // No plan of that kind: nullopt, not a crash.
    const std::array onlyPretrain{PhaseKind::Pretrain};
    if (phase >= 1)
        QVERIFY(!costlab::findParam(defaultScenario(onlyPretrain), id.toStdString()));
}

void TestRegistry::setFromString_data()
{
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("ok");
    QTest::addColumn<double>("value");    // numeric value read back when ok
    QTest::addColumn<QString>("message"); // substring of the error when not ok
    QTest::newRow("number") << "pretrain.tokens"
                            << "2.5e12" << true << 2.5e12 << "";
    QTest::newRow("number_spaces") << "pretrain.tokens"
                                   << " 1e12 " << true << 1e12 << "";
    QTest::newRow("integer") << "rl.env_count"
                             << "512" << true << 512.0 << "";
    QTest::newRow("second_rl") << "rl#2.env_count"
                               << "64" << true << 64.0 << "";
    QTest::newRow("choice") << "rl.rollout_quant"
                            << "fp8" << true << double(int(Quantization::FP8)) << "";
    QTest::newRow("choice_zero") << "pretrain.zero_stage"
                                 << "3" << true << 3.0 << "";
    QTest::newRow("bool_false") << "storage.async_checkpoint"
                                << "false" << true << 0.0 << "";
    QTest::newRow("bool_true") << "eval.destroy_after_use"
                               << "true" << true << 1.0 << "";
    QTest::newRow("catalog_ref") << "pretrain.accelerator"
                                 << "a100-sxm-80gb" << true << 0.0 << "";
    // Rejections name the id (and what was expected).
    QTest::newRow("nan") << "pretrain.tokens"
                         << "nan" << false << 0.0 << "pretrain.tokens";
    QTest::newRow("inf") << "pretrain.tokens"
                         << "inf" << false << 0.0 << "pretrain.tokens";
    QTest::newRow("above_max") << "pretrain.tokens"
                               << "1e20" << false << 0.0 << "pretrain.tokens";
    QTest::newRow("below_min") << "rl#2.env_count"
                               << "0" << false << 0.0 << "rl#2.env_count";
    QTest::newRow("not_integer") << "rl.env_count"
                                 << "1.5" << false << 0.0 << "rl.env_count";
    QTest::newRow("not_a_number") << "reliability.checkpoint_interval_h"
                                  << "hourly" << false << 0.0
                                  << "reliability.checkpoint_interval_h";
    QTest::newRow("unit_suffix") << "reliability.checkpoint_interval_h"
                                 << "2h" << false << 0.0 << "reliability.checkpoint_interval_h";
    QTest::newRow("empty_number") << "pretrain.tokens"
                                  << "" << false << 0.0 << "pretrain.tokens";
    QTest::newRow("unknown_choice") << "rl.rollout_quant"
                                    << "fp4" << false << 0.0 << "rl.rollout_quant";
    QTest::newRow("choice_case") << "rl.rollout_quant"
                                 << "FP8" << false << 0.0 << "fp8";
    QTest::newRow("bad_bool") << "storage.async_checkpoint"
                              << "maybe" << false << 0.0 << "storage.async_checkpoint";
    QTest::newRow("empty_catalog_ref") << "pretrain.accelerator"
                                       << "" << false << 0.0 << "pretrain.accelerator";
}

void TestRegistry::setFromString()
{
    QFETCH(QString, id);
    QFETCH(QString, text);
    QFETCH(bool, ok);
    QFETCH(double, value);
    QFETCH(QString, message);
    Scenario s = allKinds();
    const auto r = costlab::findParam(s, id.toStdString());
    QVERIFY(r);
    const std::string before = getString(s, *r);
    const std::string err = costlab::setFromString(s, *r, text.toStdString());
    if (ok) {
        QVERIFY2(err.empty(), err.c_str());
        if (r->def->get)
            QCOMPARE(getValue(s, *r), value);
        else
            QCOMPARE(getString(s, *r), text.toStdString());
    } else {
        QVERIFY2(!err.empty(), "accepted");
        QVERIFY2(QString::fromStdString(err).contains(message), err.c_str());
        QCOMPARE(getString(s, *r), before); // a rejected value leaves the plan unchanged
    }
}

void TestRegistry::checkValueRejects()
{
    const ParamDef* tokens = findDef("tokens", kPretrainBit);
    QVERIFY(tokens);
    QVERIFY(!checkValue(*tokens, std::numeric_limits<double>::quiet_NaN()).empty());
    QVERIFY(!checkValue(*tokens, std::numeric_limits<double>::infinity()).empty());
    QVERIFY(!checkValue(*tokens, -1).empty());
    QVERIFY(checkValue(*tokens, 1e12).empty());
    // The message states unit and range: "expected a number (tokens) in [1000000, 1e+15]".
    const QString msg = QString::fromStdString(checkValue(*tokens, 1e20));
    QVERIFY2(msg.contains(QStringLiteral("tokens")) && msg.contains(QStringLiteral("1e+15")),
             qPrintable(msg));
    const ParamDef* quant = findDef("rollout_quant", kRlBit);
    QVERIFY(quant);
    QVERIFY(!checkValue(*quant, 4).empty());
    QVERIFY(!checkValue(*quant, 0.5).empty());
    QVERIFY(!checkValue(*quant, -1).empty());
    QVERIFY(checkValue(*quant, 3).empty());
    QCOMPARE(choiceIndex(*quant, "int4"), 3);
    QCOMPARE(choiceIndex(*quant, "nope"), -1);
    const ParamDef* flag = findDef("storage.async_checkpoint");
    QVERIFY(flag);
    QVERIFY(!checkValue(*flag, 0.5).empty());
    QVERIFY(checkValue(*flag, 1).empty());
    QVERIFY(findDef("no.such.parameter") == nullptr);
    QVERIFY(findDef("tokens", kEvalBit) == nullptr);
}

void TestRegistry::fullIdRoundTrip()
{
    // fullId → findParam gives the same definition and phase for every bound parameter;
    // the first phase of a kind has no "#1", later ones do.
    const Scenario s = allKinds();
    int n = 0;
    for (const ParamRef& r : boundParameters(s)) {
        const std::string id = fullId(s, r);
        const auto back = costlab::findParam(s, id);
        QVERIFY2(back, ("not found: " + id).c_str());
        QCOMPARE(back->def, r.def);
        QCOMPARE(back->phase, r.phase);
        QVERIFY2(id.find("#1.") == std::string::npos, id.c_str());
        if (r.phase == 2)
            QVERIFY2(id.rfind("rl#2.", 0) == 0, id.c_str());
        // getString → setFromString is an exact round trip too.
        Scenario copy = s;
        const std::string text = getString(s, r);
        QVERIFY2(costlab::setFromString(copy, r, text).empty(), (id + " = " + text).c_str());
        QCOMPARE(getString(copy, r), text);
        ++n;
    }
    QVERIFY(n > 150);
}

void TestRegistry::outsideValidated()
{
    // checkpoint_interval_h: validated 0.05–48 h inside the hard range 0.01–1000 h.
    const ParamDef* d = findDef("reliability.checkpoint_interval_h");
    QVERIFY(d);
    QVERIFY(costlab::outsideValidated(*d, 0.02));
    QVERIFY(!costlab::outsideValidated(*d, 1));
    QVERIFY(costlab::outsideValidated(*d, 100));
    QVERIFY(checkValue(*d, 100).empty()); // outside validated is still legal
    // No validated range given: never outside.
    const ParamDef* raw = findDef("storage.raw_corpus_tb");
    QVERIFY(raw);
    QVERIFY(!costlab::outsideValidated(*raw, 1e6));
}

// Issue 43: one ParamChange and one applyChanges() for every caller that changes a plan.
// In order (a later change sees an earlier one), what moved is reported before → after
// (a change to the value already there is not), the first refusal stops with its index,
// relative import keys become a phase's full ids, and choices are named from the table.
void TestRegistry::paramChangesApplyInOrder()
{
    Scenario s = defaultScenario(
        std::array{PhaseKind::Pretrain, PhaseKind::RlPosttrain, PhaseKind::RlPosttrain});
    const std::string gpusBefore = getString(s, *costlab::findParam(s, "pretrain.gpus"));
    std::vector<AppliedChange> applied;
    const std::vector<ParamChange> ok{{"pretrain.gpus", "4096"},
                                      {"pretrain.gpus", "2048"},
                                      {"rl#2.rollout_quant", "fp8"},
                                      {"budget.total", "0"}}; // already 0: not reported
    const ChangeResult r = applyChanges(s, ok, &applied);
    QVERIFY2(r.ok(), r.error.c_str());
    QCOMPARE(s.phases[0].gpus, 2048.0);
    QVERIFY(s.phases[2].rl.rollout_quant == Quantization::FP8);
    QVERIFY(s.phases[1].rl.rollout_quant == Quantization::BF16);
    QCOMPARE(applied.size(), std::size_t(3));
    QCOMPARE(applied[0].before, gpusBefore);
    QCOMPARE(applied[0].after, std::string("4096"));
    QCOMPARE(applied[1].before, std::string("4096"));
    QCOMPARE(applied[2].after, std::string("fp8"));
    const ChangeResult bad =
        applyChanges(s, std::vector<ParamChange>{{"pretrain.gpus", "8"}, {"pretrain.gpus", "0"}});
    QVERIFY(!bad.ok());
    QCOMPARE(bad.failed, std::size_t(1));
    QVERIFY(bad.error.find("pretrain.gpus") != std::string::npos);
    // Phase-relative keys (an importer's) become the chosen phase's ids.
    const std::vector<ParamChange> rel{{"model.layers", "48"}, {"no_such", "1"}};
    const std::vector<ParamChange> full = phaseChanges(s, 2, rel);
    QCOMPARE(full[0].id, std::string("rl#2.model.layers"));
    QCOMPARE(full[1].id, std::string("no_such")); // kept, so applyChanges names it
    // Choices by the enum's value, from the registry's table.
    QCOMPARE(choiceId("rollout_quant", int(Quantization::INT4), kRlBit), std::string_view("int4"));
    QCOMPARE(choiceId("recompute", int(Recompute::Selective), kPretrainBit),
             std::string_view("selective"));
    QVERIFY(choiceId("rollout_quant", 4, kRlBit).empty());
    QVERIFY(choiceId("gpus", 0, kPretrainBit).empty()); // not a choice
}

QTEST_GUILESS_MAIN(TestRegistry)
#include "tst_registry.moc"
