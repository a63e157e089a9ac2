// User-visible messages of the model as data (issue 49: "pretrain.gpus: expected a number …"
// appeared in English inside a Chinese dialog). model/ is free of Qt, so it cannot translate;
// instead a message is a tree: an id from one table (messages.cpp) whose English template has
// %1, %2… placeholders, and its arguments, each literal text (ids, numbers, user text), a unit
// or a nested message. messageText() renders the English the command line, the files and the
// tests read; the window renders the same tree through tr() (widgets/common/messagetext.h),
// so one check produces one message in every language, and no text is parsed back.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace costlab {

/// The message table's ids (messages.cpp holds each one's English template).
enum class Msg : std::uint8_t {
    Text, ///< leaf: `text` as it is (an id, a number, a value from a file)
    Unit, ///< leaf: `text` is a registry unit ("GPUs", "currency/GPU-hour"), translated
    // Values of parameters (registry checkValue / setFromString).
    IdMessage,       ///< "%1: %2"
    ANumber,         ///< "a number"
    AnInteger,       ///< "an integer"
    ANumberOfUnit,   ///< "a number (%1)"
    AnIntegerOfUnit, ///< "an integer (%1)"
    ExpectedInRange, ///< "expected %1 in [%2, %3]"
    ExpectedGot,     ///< "%1, got %2"
    NonFinite,       ///< "a non-finite value"
    NonInteger,      ///< "the non-integer %1"
    BelowMinimum,    ///< "%1 (below the minimum)"
    OutOfRange,      ///< "%1 (out of range)"
    TooLargeNumber,  ///< "a number too large to represent"
    ExpectedChoiceIndex,
    ExpectedTrueFalse,
    ExpectedTrueFalseGot,
    ExpectedCatalogIdGotEmpty,
    ExpectedNumberOfUnitGot, ///< "expected a number (%1), got \"%2\""
    ExpectedOneOfGot,        ///< "expected one of %1, got \"%2\""
    UnknownParameter,
    // The scenario file reader (scenario_json.cpp).
    ExpectedStringGot,       ///< "expected %1 (a string), got %2"
    StringTooLong,           ///< "%1 is %2 characters long; at most %3 are allowed"
    ExpectedGotEmptyString,  ///< "expected %1, got an empty string"
    ExpectedChoiceStringGot, ///< "expected a string, one of: %1; got %2"
    UnknownValueExpected,    ///< "unknown value %1; expected one of: %2"
    ExpectedSectionGot,      ///< "expected an object (section \"%1\"), got %2"
    UnknownField,            ///< "unknown field \"%1\""
    UnknownFieldOtherPhases, ///< "…: it belongs to %2 phases, this phase is %3"
    UnknownFieldDidYouMean,  ///< "unknown field \"%1\"; did you mean \"%2\"?"
    UnknownFieldNotInSchema, ///< "unknown field \"%1\" (not part of schema_version %2)"
    ArrayOfItems,            ///< "an array of %1 items"
    AnObject,                ///< "an object"
    TooManyErrors,           ///< "too many errors; stopped reporting after %1"
    WhatAcceleratorId,       ///< "an accelerator id from the catalog"
    WhatInstanceId,          ///< "an instance type id from the catalog"
    WhatModelPreset,         ///< "a model preset id"
    WhatScenarioName,        ///< "the scenario name"
    WhatDescription,         ///< "a description"
    WhatProjectName,         ///< "a project name"
    WhatCatalogId,           ///< "a catalog id"
    WhatTag,                 ///< "a tag"
    WhatStartDate,           ///< "a start date (YYYY-MM-DD)"
    WhatPhaseName,           ///< "a phase name"
    WhatBatchTag,            ///< "an experiment batch tag"
    // The price catalog reader (catalogreader.cpp).
    DocumentRoot,                 ///< "(document root)"
    TooManyErrorsNotListed,       ///< "too many errors, further ones not listed"
    MissingRequiredField,         ///< "missing required field (expected %1)"
    RangeIn,                      ///< "%1 in %2"
    ExpectedObjectGotValue,       ///< "expected an object, got %1"
    ExpectedWhatGot,              ///< "expected %1, got %2"
    ExpectedNumberRangeGot,       ///< "expected a number, %1; got %2"
    ExpectedFiniteNumberRangeGot, ///< "expected a finite number, %1; got %2"
    ExpectedWholeNumberRangeGot,  ///< "expected a whole number, %1; got %2"
    ExpectedNullOrNumberRangeGot, ///< "expected null (not offered) or a finite number, %1; got %2"
    ANumberRange,                 ///< "a number, %1"
    AWholeNumberRange,            ///< "a whole number, %1"
    NullOrNumberRange,            ///< "null (not offered) or a number, %1"
    AnObjectOf,                   ///< "an object %1"
    AnArray,                      ///< "an array"
    ANonEmptyArray,               ///< "a non-empty array"
    TheInteger,                   ///< "the integer %1"
    EitherOr,                     ///< "%1 or %2"
    ANonEmptyString,              ///< "a non-empty string"
    WhatSourceText,               ///< "a non-empty string naming the source and its tag"
    WhatCatalogEntryId,           ///< "an id of 1-64 characters from a-z 0-9 - _ ."
    WhatIsoDate,                  ///< "an ISO date YYYY-MM-DD, YYYY-MM or YYYY, or \"undated\""
    SchemaVersionGot,    ///< "expected the integer %1 (the version this build reads), got %2"
    DuplicateIdGot,      ///< "expected a unique id, got duplicate %1"
    UnknownCatalogField, ///< "unknown field %1 (not part of catalog schema_version 1)"
    UnknownCatalogFieldDidYouMean, ///< "unknown field %1; did you mean \"%2\"?"
    CatalogInternalError,          ///< "internal error while reading the catalog: %1"
    CannotReadCatalogFile,         ///< "cannot read catalog file: %1"
    TypedValue,                    ///< "%1 %2"
    JsonNumber,                    ///< "number"
    JsonString,                    ///< "string"
    JsonBoolean,                   ///< "boolean"
    JsonArray,                     ///< "array"
    JsonObject,                    ///< "object"
    // Importers of other tools' files (import.cpp, hfconfig.cpp, megatronargs.cpp, …).
    KeyAtLine,              ///< "%1 (line %2)"
    NoImportFormat,         ///< "no import format \"%1\""
    ExpectedNumberFound,    ///< "expected a number, found %1"
    ExpectedTrueFalseFound, ///< "expected true or false, found %1"
    MissingConfigMustGive,  ///< "missing: a %1 configuration must give it"
    MissingModelType, ///< "missing: a Hugging Face config.json names its model_type (\"llama\",
                      ///< \"qwen2\", …)"
    ModelTypeNotRead, ///< "model_type \"%1\" is not one Costlab reads (%2)"
    MissingExpertFfn, ///< "missing: the expert FFN size of an MoE configuration"
    NotAJsonDocument, ///< "not a JSON document"
    ExpectedHfObjectFound,  ///< "expected a JSON object (a Hugging Face config.json), found %1"
    NoMegatronArguments,    ///< "no Megatron-LM arguments found (%1)"
    ExpectedWholeNodesGpus, ///< "expected whole counts of nodes and GPUs"
    NoOpenRlhfArguments,    ///< "no OpenRLHF arguments found (%1)"
    NotAVerlConfig,         ///< "not a veRL config: none of its sections (%1) at the top level"
    TooManyKeys,    ///< "the file has more than %1 keys or is nested more than %2 levels deep"
    NoVerlSettings, ///< "no veRL settings found (%1)"
    ExpectedNodeCountFound, ///< "expected a node count or MIN:MAX, found %1"
    NotAConfiguration,      ///< "not a configuration Costlab reads: expected %1"
    // Loss and score curves (curvecsv.cpp).
    CsvNoRows,          ///< "no rows"
    WandbNoStep,        ///< "a W&B export without a Step column"
    ThreeColumnsHeader, ///< "a 3-column file is params,tokens,loss (header naming params first, or
                        ///< no header); found '%1'"
    ExpectedCurveColumns, ///< "expected 2 columns (x, y), 3 (params, tokens, loss), a TensorBoard
                          ///< export (Wall time, Step, Value) or a W&B export (Step, '<run> -
                          ///< <metric>'); found %1"
    AtLine,               ///< "line %1: %2"
    RowCells,             ///< "has %1 cells, the header %2"
    NotANumberQuoted,     ///< "'%1' is not a number"
    TooManyPoints,        ///< "more than 1,000,000 points"
    NotAModelSize,        ///< "'%1' is not a model size"
    NoNumericRows,        ///< "no numeric rows"
    Count
};

/// A message: an id and its arguments (a tree). A leaf (Msg::Text, Msg::Unit) carries `text`.
struct Message {
    Msg id = Msg::Text;
    std::string text;          ///< for Msg::Text and Msg::Unit
    std::vector<Message> args; ///< %1, %2, … of the id's template
    bool empty() const { return id == Msg::Text && text.empty(); }
};

/// Literal text (an id, a number, a value quoted from a file): never translated.
Message textArg(std::string text);
/// A registry unit, translated where the message is shown.
Message unitArg(std::string unit);
/// Message `id` with its arguments.
Message message(Msg id, std::initializer_list<Message> args = {});

/// The English template of `id` (with %1… placeholders); "" for the leaves.
std::string_view messageTemplate(Msg id);
/// `pattern` with each %N (N = 1…9) replaced by args[N-1] in one pass (an argument's own
/// "%2" is not substituted again); a %N without an argument stays as it is. The one
/// substitution of the English and the translated messages.
std::string fillPlaceholders(std::string_view pattern, const std::vector<std::string>& args);
/// The English text of a message: each %N of its template replaced by argument N's text in
/// one pass (an argument containing "%2" is not substituted again). A missing argument
/// leaves its %N as it is.
std::string messageText(const Message& m);

} // namespace costlab
