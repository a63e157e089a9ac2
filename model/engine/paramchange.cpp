#include "paramchange.h"

namespace costlab {

ChangeResult applyChanges(Scenario& s, std::span<const ParamChange> changes,
                          std::vector<AppliedChange>* applied)
{
    ChangeResult r;
    for (std::size_t i = 0; i < changes.size(); ++i) {
        const ParamChange& c = changes[i];
        const std::optional<ParamRef> ref = findParam(s, c.id);
        if (!ref) {
            r.error = "\"" + c.id + "\" is not a parameter of this plan";
            r.failed = i;
            return r;
        }
        std::string before = applied ? getString(s, *ref) : std::string();
        if (std::string msg = setFromString(s, *ref, c.text); !msg.empty()) {
            r.error = std::move(msg);
            r.failed = i;
            return r;
        }
        if (applied) {
            std::string after = getString(s, *ref);
            if (after != before)
                applied->push_back({c.id, std::move(before), std::move(after)});
        }
    }
    return r;
}

std::vector<ParamChange> phaseChanges(const Scenario& s, int phase,
                                      std::span<const ParamChange> relative)
{
    std::vector<ParamChange> out;
    out.reserve(relative.size());
    if (phase < 0 || phase >= int(s.phases.size())) {
        out.assign(relative.begin(), relative.end());
        return out;
    }
    const PhaseKind kind = s.phases[std::size_t(phase)].kind;
    for (const ParamChange& c : relative) {
        const ParamDef* def = findDef(c.id, 1u << unsigned(kind));
        out.push_back({def ? fullId(s, {def, phase}) : c.id, c.text});
    }
    return out;
}

std::string_view choiceId(std::string_view key, int value, unsigned phaseKindBit)
{
    const ParamDef* def = findDef(key, phaseKindBit);
    if (!def || def->type != ParamType::Choice || value < 0 ||
        std::size_t(value) >= def->choices.size())
        return {};
    return def->choices[std::size_t(value)].id;
}

} // namespace costlab
