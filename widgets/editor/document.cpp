#include "document.h"
#include "plaintext.h"

#include "files.h"
#include "paramtext.h"
#include "registry.h"
#include "scenario_json.h"
#include "setparamcommand.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

#include <charconv>
#include <cmath>

namespace costlab {

namespace {

/// Shortest text that parses back to exactly `v` (round-trip safe, locale independent).
QString exactNumber(double v)
{
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v);
    return QString::fromLatin1(buf, int(res.ptr - buf));
}

} // namespace

Document::Document(QObject* parent) : QObject(parent)
{
    m_scenario = defaultScenario(std::array{PhaseKind::Pretrain});
    connect(&m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool clean) { emit modifiedChanged(!clean); });
}

QString Document::displayName() const
{
    if (!m_scenario.name.empty())
        return displayText(m_scenario.name);
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    return tr("Untitled plan");
}

double Document::value(const QString& fullId) const
{
    const auto ref = findParam(m_scenario, fullId.toStdString());
    return ref ? getValue(m_scenario, *ref) : std::nan("");
}

QString Document::string(const QString& fullId) const
{
    const auto ref = findParam(m_scenario, fullId.toStdString());
    return ref ? QString::fromStdString(getString(m_scenario, *ref)) : QString();
}

bool Document::setValue(const QString& fullId, double v, QString* error)
{
    const auto ref = findParam(m_scenario, fullId.toStdString());
    if (!ref) {
        if (error)
            *error = tr("Unknown parameter %1").arg(fullId);
        return false;
    }
    const ParamDef& def = *ref->def;
    QString text;
    switch (def.type) {
    case ParamType::Choice: {
        const int idx = int(std::lround(v));
        if (idx < 0 || idx >= int(def.choices.size())) {
            if (error)
                *error = tr("%1: no choice number %2").arg(fullId).arg(idx);
            return false;
        }
        text = QString::fromUtf8(def.choices[size_t(idx)].id.data(),
                                 qsizetype(def.choices[size_t(idx)].id.size()));
        break;
    }
    case ParamType::Bool:
        text = v != 0 ? QStringLiteral("true") : QStringLiteral("false");
        break;
    case ParamType::AcceleratorRef:
    case ParamType::InstanceRef:
        if (error)
            *error = tr("%1 is a catalog reference; set it by id").arg(fullId);
        return false;
    case ParamType::Integer:
        v = std::round(v);
        [[fallthrough]];
    case ParamType::Real: {
        if (const Message msg = valueProblem(def, v); !msg.empty()) {
            if (error)
                *error = translatedMessage(msg); // issue 49: in the reader's language
            return false;
        }
        text = exactNumber(v);
        break;
    }
    }
    return setString(fullId, text, error);
}

bool Document::setString(const QString& fullId, const QString& text, QString* error)
{
    const auto ref = findParam(m_scenario, fullId.toStdString());
    if (!ref) {
        if (error)
            *error = tr("Unknown parameter %1").arg(fullId);
        return false;
    }
    // Validate on a copy first: the command must never apply a value the registry rejects.
    Scenario probe = m_scenario;
    if (const Message msg = setFromText(probe, *ref, text.toStdString()); !msg.empty()) {
        if (error)
            *error = translatedMessage(msg); // issue 49: in the reader's language
        return false;
    }
    const QString oldText = QString::fromStdString(getString(m_scenario, *ref));
    const QString newText = QString::fromStdString(getString(probe, *ref));
    if (oldText == newText)
        return true;
    if (ref->def->key == "catalog.currency")
        return changeCurrency(fullId, newText, probe.currency == Currency::CNY, error);
    m_undoStack.push(new SetParamCommand(this, fullId, oldText, newText,
                                         tr("Change %1").arg(paramLabel(*ref->def))));
    return true;
}

bool Document::changeCurrency(const QString&, const QString&, bool toCny, QString* error)
{
    // A budget of 2,500,000 USD is not a budget of 2,500,000 CNY: the plan's money inputs
    // convert at its own exchange rate, in the same undo step (registry.h convertMoneyInputs).
    Scenario next = m_scenario;
    const std::string err = convertMoneyInputs(next, toCny ? Currency::CNY : Currency::USD);
    if (!err.empty()) {
        if (error)
            *error = tr("The currency was not changed: %1").arg(QString::fromStdString(err));
        return false;
    }
    // Structural: the money rows' units name the currency.
    return editPlan(next,
                    tr("Change currency to %1 (money inputs converted at %2 CNY per USD)")
                        .arg(toCny ? QStringLiteral("CNY") : QStringLiteral("USD"))
                        .arg(m_scenario.cny_per_usd),
                    true, error);
}

bool Document::apply(const std::vector<ParamChange>& changes, const QString& label, QString* error)
{
    // Checked in order on a copy: a later change may be valid only after an earlier one.
    Scenario probe = m_scenario;
    std::vector<AppliedChange> applied;
    if (const ChangeResult r = applyChanges(probe, changes, &applied); !r) {
        if (error) {
            const QString id = QString::fromStdString(changes[r.failed].id);
            *error = findParam(probe, changes[r.failed].id)
                         ? QStringLiteral("%1: %2").arg(id, QString::fromStdString(r.error))
                         : tr("Unknown parameter %1").arg(id);
        }
        return false;
    }
    QList<ApplyChangesCommand::Value> values;
    for (const AppliedChange& a : applied)
        values.append({QString::fromStdString(a.id), QString::fromStdString(a.before),
                       QString::fromStdString(a.after)});
    if (values.isEmpty())
        return true;
    ++m_mergeGroup; // the step before stays a step of its own
    m_undoStack.push(new ApplyChangesCommand(this, std::move(values), label));
    ++m_mergeGroup; // and so does the next slider move
    return true;
}

void Document::applyString(const QString& fullId, const QString& text, bool notify)
{
    const auto ref = findParam(m_scenario, fullId.toStdString());
    if (!ref)
        return;
    setFromString(m_scenario, *ref, text.toStdString());
    emit paramChanged(fullId);
    if (notify)
        emit changed();
}

bool Document::editPlan(const Scenario& next, const QString& label, bool structural, QString* error)
{
    const std::string text = scenarioToJson(next);
    if (text == scenarioToJson(m_scenario))
        return true;
    // The loader is the one judge of a valid plan: what editPlan accepts, Open accepts.
    const LoadResult check = scenarioFromJson(text);
    if (!check.scenario || !check.errors.empty()) {
        if (error) {
            *error = check.errors.empty() ? tr("The plan is not valid.")
                                          : loadErrorText(check.errors.front());
        }
        return false;
    }
    ++m_mergeGroup; // a later slider drag never merges into a plan edit
    m_undoStack.push(new EditPlanCommand(this, m_scenario, next, structural, label));
    return true;
}

void Document::applyPlan(const Scenario& scenario, bool structural)
{
    m_scenario = scenario;
    if (structural)
        emit scenarioReplaced();
    emit planChanged();
    emit changed();
}

void Document::reset(const Scenario& scenario, const QString& filePath)
{
    m_scenario = scenario;
    m_filePath = filePath;
    m_undoStack.clear();
    m_undoStack.setClean();
    ++m_mergeGroup;
    emit scenarioReplaced();
    emit fileChanged();
    emit changed();
    emit modifiedChanged(false);
}

bool Document::load(const QString& path, QStringList* errors)
{
    const LoadResult res = loadScenarioFile(QFile::encodeName(path).toStdString());
    if (!res.scenario || !res.errors.empty()) {
        if (errors) {
            for (const LoadError& e : res.errors)
                errors->append(loadErrorText(e));
            if (errors->isEmpty())
                errors->append(tr("%1 could not be read").arg(path));
        }
        return false;
    }
    reset(*res.scenario, QFileInfo(path).absoluteFilePath());
    return true;
}

bool Document::save(const QString& path, QString* error)
{
    const QString target = path.isEmpty() ? m_filePath : path;
    if (target.isEmpty()) {
        if (error)
            *error = tr("No file name given");
        return false;
    }
    if (const std::string refused = checkOutputPath(QFile::encodeName(target).toStdString());
        !refused.empty()) {
        if (error)
            *error = QString::fromStdString(refused);
        return false;
    }
    QSaveFile file(target);
    if (!file.open(QIODevice::WriteOnly)) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(target, file.errorString());
        return false;
    }
    const std::string json = scenarioToJson(m_scenario);
    file.write(json.data(), qint64(json.size()));
    if (!file.commit()) {
        if (error)
            *error = tr("Cannot write %1: %2").arg(target, file.errorString());
        return false;
    }
    const bool pathChanged = QFileInfo(target).absoluteFilePath() != m_filePath;
    m_filePath = QFileInfo(target).absoluteFilePath();
    m_undoStack.setClean();
    if (pathChanged)
        emit fileChanged();
    return true;
}

void Document::beginContinuousEdit()
{
    if (m_continuousEdits++ == 0)
        emit continuousEditChanged(true);
}

void Document::endContinuousEdit()
{
    if (m_continuousEdits == 0)
        return;
    if (--m_continuousEdits == 0)
        emit continuousEditChanged(false);
}

} // namespace costlab
