#include "librarysession.h"
#include "plaintext.h"

#include "datapaths.h"
#include "document.h"
#include "engine.h"
#include "librarydock.h"
#include "libraryutil.h"
#include "scenario_json.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QStringList>
#include <QUndoStack>

namespace costlab {

LibrarySession::LibrarySession(Document* doc, const Catalog* catalog, QWidget* dialogParent)
    : QObject(nullptr), m_doc(doc), m_catalog(catalog), m_dialogParent(dialogParent)
{
    m_autosaveTimer.setInterval(60 * 1000);
    connect(&m_autosaveTimer, &QTimer::timeout, this, &LibrarySession::writeAutosave);
}

void LibrarySession::setDock(LibraryDock* dock)
{
    m_dock = dock;
    if (m_dock)
        connect(m_dock, &LibraryDock::revisionRestored, this,
                &LibrarySession::followRestoredRevision, Qt::UniqueConnection);
}

void LibrarySession::open(const QString& dbPath, bool interactive)
{
    StoreOptions options;
    options.auto_backup_hours = 24;
    m_interactive = interactive;
    m_openError.clear();
    const Status error = m_store.open(QFile::encodeName(dbPath).toStdString(), options);
    if (!error) {
        // Named with its path and reason where it stays visible (the banner), not only in a
        // status message the next one replaces.
        m_openError =
            tr("%1: %2").arg(QDir::toNativeSeparators(dbPath), QString::fromStdString(error.error));
        if (m_dock)
            m_dock->setUnavailable(dbPath, QString::fromStdString(error.error));
        emit statusMessage(tr("Library not available: %1").arg(m_openError), 0);
        return;
    }
    const StoreStatus& status = m_store.status();
    if (status.recovered && !status.newest_backup.empty() && interactive) {
        const auto answer = askPlain(
            m_dialogParent, tr("Library recovered"),
            tr("The library was damaged and has been moved aside to %1; a new, empty library "
               "was started. Restore the newest backup %2?")
                .arg(QString::fromStdString(status.damaged_path),
                     QString::fromStdString(status.newest_backup)),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
        if (answer == QMessageBox::Yes) {
            const auto restored = m_store.restoreLibraryFrom(status.newest_backup);
            if (!restored)
                warnPlain(m_dialogParent, tr("Restore failed"),
                          QString::fromStdString(restored.error));
        }
    }
    if (!m_store.isReadOnly())
        seedLibrary();
    if (!status.message.empty())
        emit statusMessage(QString::fromStdString(status.message), 0);
    if (m_dock)
        m_dock->setStore(&m_store);
    m_autosaveTimer.start();
}

/// The shipped catalogs (read-only) and examples, so a new library is not empty.
void LibrarySession::seedLibrary()
{
    for (const QString& path : shippedCatalogFiles()) {
        QFile catalogFile(path);
        if (!catalogFile.open(QIODevice::ReadOnly))
            continue;
        const QByteArray text = catalogFile.readAll();
        const auto seeded =
            m_store.seedDefaultCatalog(std::string_view(text.constData(), size_t(text.size())));
        if (!seeded)
            emit statusMessage(
                tr("Library: catalog %1 not stored: %2")
                    .arg(QFileInfo(path).fileName(), QString::fromStdString(seeded.error)),
                0);
    }
    std::vector<std::string> examples;
    for (const QString& f : exampleFiles())
        examples.push_back(QFile::encodeName(f).toStdString());
    FiguresCalculator figures(&m_store);
    m_store.seedExamples(examples, figures);
}

void LibrarySession::offerAutosaveRecovery(bool interactive)
{
    if (!interactive || !m_store.isOpen())
        return;
    const auto slot = m_store.readAutosave();
    if (!slot) {
        emit statusMessage(tr("Autosave not readable: %1").arg(QString::fromStdString(slot.error)),
                           0);
        return;
    }
    if (!slot.value)
        return;
    const AutosaveEntry& entry = *slot.value;
    const QString when =
        QLocale().toString(QDateTime::fromMSecsSinceEpoch(entry.saved_at), QLocale::ShortFormat);
    const auto answer = askPlain(m_dialogParent, tr("Recover unsaved work"),
                                 tr("Recover unsaved work from %1?").arg(when),
                                 QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes);
    if (answer == QMessageBox::Yes) {
        const LoadResult r = scenarioFromJson(entry.json);
        if (r.scenario) {
            m_doc->reset(*r.scenario);
            m_doc->undoStack()->resetClean(); // recovered work is unsaved work
            m_scenarioId = entry.scenario_id;
        } else {
            QStringList problems;
            for (const LoadError& e : r.errors)
                problems << QString::fromStdString(e.message);
            warnPlain(m_dialogParent, tr("Recovery failed"),
                      tr("The autosaved plan could not be read: %1")
                          .arg(problems.join(QStringLiteral("; "))));
        }
    }
    const Status cleared = m_store.clearAutosave();
    if (!cleared)
        emit statusMessage(
            tr("Autosave not cleared: %1").arg(QString::fromStdString(cleared.error)), 0);
}

bool LibrarySession::openRevision(qint64 scenarioId, qint64 revisionId)
{
    const auto loaded = m_store.loadRevision(revisionId);
    if (!loaded) {
        warnPlain(m_dialogParent, tr("Cannot open scenario"),
                  tr("The library scenario was not opened; the current plan is unchanged.\n%1")
                      .arg(QString::fromStdString(loaded.error)));
        return false;
    }
    m_doc->reset(loaded.value);
    m_scenarioId = scenarioId;
    emit statusMessage(
        tr("Opened “%1” from the library").arg(QString::fromStdString(loaded.value.name)), 5000);
    return true;
}

bool LibrarySession::save(bool showErrors)
{
    QString message;
    if (showErrors && m_interactive && m_store.isOpen()) {
        // An optional note for the History dialog; Cancel saves nothing.
        bool ok = false;
        message = QInputDialog::getText(m_dialogParent, tr("Save to library"),
                                        tr("Message for this revision (optional):"),
                                        QLineEdit::Normal, QString(), &ok);
        if (!ok)
            return false;
    }
    return save(showErrors, message.trimmed());
}

bool LibrarySession::followRestoredRevision(qint64 scenarioId, qint64 revisionId)
{
    if (scenarioId == 0 || scenarioId != m_scenarioId)
        return false;
    if (m_doc->isModified() && m_interactive) {
        const auto answer = askPlain(
            m_dialogParent, tr("Restore as current"),
            tr("The open plan has unsaved changes. Replace them with the restored revision?"),
            QMessageBox::Yes | QMessageBox::No, QMessageBox::No);
        if (answer != QMessageBox::Yes)
            return false;
    }
    return openRevision(scenarioId, revisionId);
}

bool LibrarySession::save(bool showErrors, const QString& message)
{
    auto fail = [&](const QString& text) {
        if (showErrors)
            warnPlain(m_dialogParent, tr("Save to library failed"), text);
        else
            emit statusMessage(text, 0);
        return false;
    };
    if (!m_store.isOpen())
        return fail(tr("No library is open."));
    const Scenario scenario = m_doc->scenario();
    const CachedFigures figures = figuresFrom(evaluate(scenario, *m_catalog), scenario);
    if (m_scenarioId != 0) {
        const auto saved =
            m_store.saveRevision(m_scenarioId, scenario, message.toStdString(), figures);
        if (!saved)
            return fail(QString::fromStdString(saved.error));
    } else {
        const auto created = m_store.create(scenario, message.toStdString(), figures);
        if (!created)
            return fail(QString::fromStdString(created.error));
        m_scenarioId = created.value;
    }
    // A plan that lives only in the library is now saved; a file-backed one still has
    // unsaved changes in its file.
    if (m_doc->filePath().isEmpty())
        m_doc->undoStack()->setClean();
    if (m_dock) {
        m_dock->refresh();
        m_dock->selectScenario(m_scenarioId);
    }
    const Status cleared = m_store.clearAutosave();
    if (!cleared)
        emit statusMessage(
            tr("Autosave not cleared: %1").arg(QString::fromStdString(cleared.error)), 0);
    else
        emit statusMessage(
            tr("Saved “%1” to the library").arg(QString::fromStdString(scenario.name)), 5000);
    return true;
}

void LibrarySession::writeAutosave()
{
    if (!m_doc->isModified() || !m_store.isOpen() || m_store.isReadOnly())
        return;
    const Status error = m_store.writeAutosave(m_scenarioId, m_doc->scenario());
    if (!error)
        emit statusMessage(tr("Autosave failed: %1").arg(QString::fromStdString(error.error)), 0);
}

void LibrarySession::clearAutosaveOnQuit()
{
    if (m_store.isOpen() && !m_store.isReadOnly())
        m_store.clearAutosave();
}

} // namespace costlab
