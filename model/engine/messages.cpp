#include "messages.h"

#include "trnoop.h"

#include <array>
#include <cstddef>
#include <utility>

namespace costlab {

namespace {

struct MessageDef {
    Msg id;
    const char* english;
};

// One table (architecture.md: a table per concept). The order is the enum's, which a
// static_assert below checks. Each text is marked for lupdate in the context
// "costlab::Message"; the window translates it there (paramtext.h translatedMessage).
// clang-format off
constexpr std::array kMessages{
    MessageDef{Msg::Text, ""},
    MessageDef{Msg::Unit, ""},
    MessageDef{Msg::IdMessage,
               QT_TRANSLATE_NOOP("costlab::Message", "%1: %2")},
    MessageDef{Msg::ANumber,
               QT_TRANSLATE_NOOP("costlab::Message", "a number")},
    MessageDef{Msg::AnInteger,
               QT_TRANSLATE_NOOP("costlab::Message", "an integer")},
    MessageDef{Msg::ANumberOfUnit,
               QT_TRANSLATE_NOOP("costlab::Message", "a number (%1)")},
    MessageDef{Msg::AnIntegerOfUnit,
               QT_TRANSLATE_NOOP("costlab::Message", "an integer (%1)")},
    MessageDef{Msg::ExpectedInRange,
               QT_TRANSLATE_NOOP("costlab::Message", "expected %1 in [%2, %3]")},
    MessageDef{Msg::ExpectedGot,
               QT_TRANSLATE_NOOP("costlab::Message", "%1, got %2")},
    MessageDef{Msg::NonFinite,
               QT_TRANSLATE_NOOP("costlab::Message", "a non-finite value")},
    MessageDef{Msg::NonInteger,
               QT_TRANSLATE_NOOP("costlab::Message", "the non-integer %1")},
    MessageDef{Msg::BelowMinimum,
               QT_TRANSLATE_NOOP("costlab::Message", "%1 (below the minimum)")},
    MessageDef{Msg::OutOfRange,
               QT_TRANSLATE_NOOP("costlab::Message", "%1 (out of range)")},
    MessageDef{Msg::TooLargeNumber,
               QT_TRANSLATE_NOOP("costlab::Message", "a number too large to represent")},
    MessageDef{Msg::ExpectedChoiceIndex,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a choice index")},
    MessageDef{Msg::ExpectedTrueFalse,
               QT_TRANSLATE_NOOP("costlab::Message", "expected true or false")},
    MessageDef{Msg::ExpectedTrueFalseGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected true or false, got %1")},
    MessageDef{Msg::ExpectedCatalogIdGotEmpty,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a catalog id, got an empty string")},
    MessageDef{Msg::ExpectedNumberOfUnitGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a number (%1), got \"%2\"")},
    MessageDef{Msg::ExpectedOneOfGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected one of %1, got \"%2\"")},
    MessageDef{Msg::UnknownParameter,
               QT_TRANSLATE_NOOP("costlab::Message", "unknown parameter")},
    MessageDef{Msg::ExpectedStringGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected %1 (a string), got %2")},
    MessageDef{Msg::StringTooLong,
               QT_TRANSLATE_NOOP("costlab::Message", "%1 is %2 characters long; at most %3 are allowed")},
    MessageDef{Msg::ExpectedGotEmptyString,
               QT_TRANSLATE_NOOP("costlab::Message", "expected %1, got an empty string")},
    MessageDef{Msg::ExpectedChoiceStringGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a string, one of: %1; got %2")},
    MessageDef{Msg::UnknownValueExpected,
               QT_TRANSLATE_NOOP("costlab::Message", "unknown value %1; expected one of: %2")},
    MessageDef{Msg::ExpectedSectionGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected an object (section \"%1\"), got %2")},
    MessageDef{Msg::UnknownField,
               QT_TRANSLATE_NOOP("costlab::Message", "unknown field \"%1\"")},
    MessageDef{Msg::UnknownFieldOtherPhases,
               QT_TRANSLATE_NOOP("costlab::Message", "unknown field \"%1\": it belongs to %2 phases, this phase is %3")},
    MessageDef{Msg::UnknownFieldDidYouMean,
               QT_TRANSLATE_NOOP("costlab::Message", "unknown field \"%1\"; did you mean \"%2\"?")},
    MessageDef{Msg::UnknownFieldNotInSchema,
               QT_TRANSLATE_NOOP("costlab::Message", "unknown field \"%1\" (not part of schema_version %2)")},
    MessageDef{Msg::ArrayOfItems,
               QT_TRANSLATE_NOOP("costlab::Message", "an array of %1 items")},
    MessageDef{Msg::AnObject,
               QT_TRANSLATE_NOOP("costlab::Message", "an object")},
    MessageDef{Msg::TooManyErrors,
               QT_TRANSLATE_NOOP("costlab::Message", "too many errors; stopped reporting after %1")},
    MessageDef{Msg::WhatAcceleratorId,
               QT_TRANSLATE_NOOP("costlab::Message", "an accelerator id from the catalog")},
    MessageDef{Msg::WhatInstanceId,
               QT_TRANSLATE_NOOP("costlab::Message", "an instance type id from the catalog")},
    MessageDef{Msg::WhatModelPreset,
               QT_TRANSLATE_NOOP("costlab::Message", "a model preset id")},
    MessageDef{Msg::WhatScenarioName,
               QT_TRANSLATE_NOOP("costlab::Message", "the scenario name")},
    MessageDef{Msg::WhatDescription,
               QT_TRANSLATE_NOOP("costlab::Message", "a description")},
    MessageDef{Msg::WhatProjectName,
               QT_TRANSLATE_NOOP("costlab::Message", "a project name")},
    MessageDef{Msg::WhatCatalogId,
               QT_TRANSLATE_NOOP("costlab::Message", "a catalog id")},
    MessageDef{Msg::WhatTag,
               QT_TRANSLATE_NOOP("costlab::Message", "a tag")},
    MessageDef{Msg::WhatStartDate,
               QT_TRANSLATE_NOOP("costlab::Message", "a start date (YYYY-MM-DD)")},
    MessageDef{Msg::WhatPhaseName,
               QT_TRANSLATE_NOOP("costlab::Message", "a phase name")},
    MessageDef{Msg::WhatBatchTag,
               QT_TRANSLATE_NOOP("costlab::Message", "an experiment batch tag")},
    MessageDef{Msg::DocumentRoot,
               QT_TRANSLATE_NOOP("costlab::Message", "(document root)")},
    MessageDef{Msg::TooManyErrorsNotListed,
               QT_TRANSLATE_NOOP("costlab::Message", "too many errors, further ones not listed")},
    MessageDef{Msg::MissingRequiredField,
               QT_TRANSLATE_NOOP("costlab::Message", "missing required field (expected %1)")},
    MessageDef{Msg::RangeIn,
               QT_TRANSLATE_NOOP("costlab::Message", "%1 in %2")},
    MessageDef{Msg::ExpectedObjectGotValue,
               QT_TRANSLATE_NOOP("costlab::Message", "expected an object, got %1")},
    MessageDef{Msg::ExpectedWhatGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected %1, got %2")},
    MessageDef{Msg::ExpectedNumberRangeGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a number, %1; got %2")},
    MessageDef{Msg::ExpectedFiniteNumberRangeGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a finite number, %1; got %2")},
    MessageDef{Msg::ExpectedWholeNumberRangeGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a whole number, %1; got %2")},
    MessageDef{Msg::ExpectedNullOrNumberRangeGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected null (not offered) or a finite number, %1; got %2")},
    MessageDef{Msg::ANumberRange,
               QT_TRANSLATE_NOOP("costlab::Message", "a number, %1")},
    MessageDef{Msg::AWholeNumberRange,
               QT_TRANSLATE_NOOP("costlab::Message", "a whole number, %1")},
    MessageDef{Msg::NullOrNumberRange,
               QT_TRANSLATE_NOOP("costlab::Message", "null (not offered) or a number, %1")},
    MessageDef{Msg::AnObjectOf,
               QT_TRANSLATE_NOOP("costlab::Message", "an object %1")},
    MessageDef{Msg::AnArray,
               QT_TRANSLATE_NOOP("costlab::Message", "an array")},
    MessageDef{Msg::ANonEmptyArray,
               QT_TRANSLATE_NOOP("costlab::Message", "a non-empty array")},
    MessageDef{Msg::TheInteger,
               QT_TRANSLATE_NOOP("costlab::Message", "the integer %1")},
    MessageDef{Msg::EitherOr,
               QT_TRANSLATE_NOOP("costlab::Message", "%1 or %2")},
    MessageDef{Msg::ANonEmptyString,
               QT_TRANSLATE_NOOP("costlab::Message", "a non-empty string")},
    MessageDef{Msg::WhatSourceText,
               QT_TRANSLATE_NOOP("costlab::Message", "a non-empty string naming the source and its tag")},
    MessageDef{Msg::WhatCatalogEntryId,
               QT_TRANSLATE_NOOP("costlab::Message", "an id of 1-64 characters from a-z 0-9 - _ .")},
    MessageDef{Msg::WhatIsoDate,
               QT_TRANSLATE_NOOP("costlab::Message", "an ISO date YYYY-MM-DD, YYYY-MM or YYYY, or \"undated\"")},
    MessageDef{Msg::SchemaVersionGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected the integer %1 (the version this build reads), got %2")},
    MessageDef{Msg::DuplicateIdGot,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a unique id, got duplicate %1")},
    MessageDef{Msg::UnknownCatalogField,
               QT_TRANSLATE_NOOP("costlab::Message", "unknown field %1 (not part of catalog schema_version 1)")},
    MessageDef{Msg::UnknownCatalogFieldDidYouMean,
               QT_TRANSLATE_NOOP("costlab::Message", "unknown field %1; did you mean \"%2\"?")},
    MessageDef{Msg::CatalogInternalError,
               QT_TRANSLATE_NOOP("costlab::Message", "internal error while reading the catalog: %1")},
    MessageDef{Msg::CannotReadCatalogFile,
               QT_TRANSLATE_NOOP("costlab::Message", "cannot read catalog file: %1")},
    MessageDef{Msg::TypedValue,
               QT_TRANSLATE_NOOP("costlab::Message", "%1 %2")},
    MessageDef{Msg::JsonNumber,
               QT_TRANSLATE_NOOP("costlab::Message", "number")},
    MessageDef{Msg::JsonString,
               QT_TRANSLATE_NOOP("costlab::Message", "string")},
    MessageDef{Msg::JsonBoolean,
               QT_TRANSLATE_NOOP("costlab::Message", "boolean")},
    MessageDef{Msg::JsonArray,
               QT_TRANSLATE_NOOP("costlab::Message", "array")},
    MessageDef{Msg::JsonObject,
               QT_TRANSLATE_NOOP("costlab::Message", "object")},
    MessageDef{Msg::KeyAtLine,
               QT_TRANSLATE_NOOP("costlab::Message", "%1 (line %2)")},
    MessageDef{Msg::NoImportFormat,
               QT_TRANSLATE_NOOP("costlab::Message", "no import format \"%1\"")},
    MessageDef{Msg::ExpectedNumberFound,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a number, found %1")},
    MessageDef{Msg::ExpectedTrueFalseFound,
               QT_TRANSLATE_NOOP("costlab::Message", "expected true or false, found %1")},
    MessageDef{Msg::MissingConfigMustGive,
               QT_TRANSLATE_NOOP("costlab::Message", "missing: a %1 configuration must give it")},
    MessageDef{Msg::MissingModelType,
               QT_TRANSLATE_NOOP("costlab::Message", "missing: a Hugging Face config.json names its model_type (\"llama\", \"qwen2\", …)")},
    MessageDef{Msg::ModelTypeNotRead,
               QT_TRANSLATE_NOOP("costlab::Message", "model_type \"%1\" is not one Costlab reads (%2)")},
    MessageDef{Msg::MissingExpertFfn,
               QT_TRANSLATE_NOOP("costlab::Message", "missing: the expert FFN size of an MoE configuration")},
    MessageDef{Msg::NotAJsonDocument,
               QT_TRANSLATE_NOOP("costlab::Message", "not a JSON document")},
    MessageDef{Msg::ExpectedHfObjectFound,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a JSON object (a Hugging Face config.json), found %1")},
    MessageDef{Msg::NoMegatronArguments,
               QT_TRANSLATE_NOOP("costlab::Message", "no Megatron-LM arguments found (%1)")},
    MessageDef{Msg::ExpectedWholeNodesGpus,
               QT_TRANSLATE_NOOP("costlab::Message", "expected whole counts of nodes and GPUs")},
    MessageDef{Msg::NoOpenRlhfArguments,
               QT_TRANSLATE_NOOP("costlab::Message", "no OpenRLHF arguments found (%1)")},
    MessageDef{Msg::NotAVerlConfig,
               QT_TRANSLATE_NOOP("costlab::Message", "not a veRL config: none of its sections (%1) at the top level")},
    MessageDef{Msg::TooManyKeys,
               QT_TRANSLATE_NOOP("costlab::Message", "the file has more than %1 keys or is nested more than %2 levels deep")},
    MessageDef{Msg::NoVerlSettings,
               QT_TRANSLATE_NOOP("costlab::Message", "no veRL settings found (%1)")},
    MessageDef{Msg::ExpectedNodeCountFound,
               QT_TRANSLATE_NOOP("costlab::Message", "expected a node count or MIN:MAX, found %1")},
    MessageDef{Msg::NotAConfiguration,
               QT_TRANSLATE_NOOP("costlab::Message", "not a configuration Costlab reads: expected %1")},
    MessageDef{Msg::CsvNoRows,
               QT_TRANSLATE_NOOP("costlab::Message", "no rows")},
    MessageDef{Msg::WandbNoStep,
               QT_TRANSLATE_NOOP("costlab::Message", "a W&B export without a Step column")},
    MessageDef{Msg::ThreeColumnsHeader,
               QT_TRANSLATE_NOOP("costlab::Message", "a 3-column file is params,tokens,loss (header naming params first, or no header); found '%1'")},
    MessageDef{Msg::ExpectedCurveColumns,
               QT_TRANSLATE_NOOP("costlab::Message", "expected 2 columns (x, y), 3 (params, tokens, loss), a TensorBoard export (Wall time, Step, Value) or a W&B export (Step, '<run> - <metric>'); found %1")},
    MessageDef{Msg::AtLine,
               QT_TRANSLATE_NOOP("costlab::Message", "line %1: %2")},
    MessageDef{Msg::RowCells,
               QT_TRANSLATE_NOOP("costlab::Message", "has %1 cells, the header %2")},
    MessageDef{Msg::NotANumberQuoted,
               QT_TRANSLATE_NOOP("costlab::Message", "'%1' is not a number")},
    MessageDef{Msg::TooManyPoints,
               QT_TRANSLATE_NOOP("costlab::Message", "more than 1,000,000 points")},
    MessageDef{Msg::NotAModelSize,
               QT_TRANSLATE_NOOP("costlab::Message", "'%1' is not a model size")},
    MessageDef{Msg::NoNumericRows,
               QT_TRANSLATE_NOOP("costlab::Message", "no numeric rows")},
};
// clang-format on

constexpr bool tableInEnumOrder()
{
    if (kMessages.size() != static_cast<std::size_t>(Msg::Count))
        return false;
    for (std::size_t i = 0; i < kMessages.size(); ++i)
        if (static_cast<std::size_t>(kMessages[i].id) != i)
            return false;
    return true;
}
static_assert(tableInEnumOrder(), "kMessages must list every Msg once, in enum order");

} // namespace

Message textArg(std::string text)
{
    return Message{Msg::Text, std::move(text), {}};
}

Message unitArg(std::string unit)
{
    return Message{Msg::Unit, std::move(unit), {}};
}

Message message(Msg id, std::initializer_list<Message> args)
{
    return Message{id, {}, std::vector<Message>(args)};
}

std::string_view messageTemplate(Msg id)
{
    const auto i = static_cast<std::size_t>(id);
    return i < kMessages.size() ? kMessages[i].english : "";
}

std::string fillPlaceholders(std::string_view pattern, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(pattern.size() + 32);
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' &&
            pattern[i + 1] <= '9') {
            const auto n = static_cast<std::size_t>(pattern[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

std::string messageText(const Message& m)
{
    if (m.id == Msg::Text || m.id == Msg::Unit)
        return m.text;
    std::vector<std::string> args;
    args.reserve(m.args.size());
    for (const Message& a : m.args)
        args.push_back(messageText(a));
    return fillPlaceholders(messageTemplate(m.id), args);
}

} // namespace costlab
