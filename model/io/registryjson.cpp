#include "registryjson.h"

#include "registry.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace costlab {

namespace {

using Json = nlohmann::ordered_json;

/// The default as the registry's text form would write it, typed for JSON.
Json defaultJson(const ParamDef& d)
{
    switch (d.type) {
    case ParamType::Bool:
        return Json(d.def != 0 ? "true" : "false");
    case ParamType::AcceleratorRef:
    case ParamType::InstanceRef:
        return Json(nullptr); // the catalog decides
    case ParamType::Choice: {
        const auto i = static_cast<std::size_t>(d.def);
        return d.def >= 0 && i < d.choices.size() ? Json(std::string(d.choices[i].id))
                                                  : Json(d.def);
    }
    case ParamType::Real:
    case ParamType::Integer:
        break;
    }
    return Json(d.def);
}

} // namespace

std::string registryToJson()
{
    Json arr = Json::array();
    for (const ParamAddress& p : addressableParameters()) {
        const ParamDef& d = *p.def;
        Json j = Json::object();
        j["id"] = p.id;
        j["key"] = std::string(d.key);
        j["json_path"] = std::string(d.json_path);
        j["type"] = std::string(paramTypeId(d.type));
        j["scale"] = std::string(paramScaleId(d.scale));
        j["unit"] = std::string(d.unit);
        const bool numeric = d.type == ParamType::Real || d.type == ParamType::Integer;
        j["min"] = numeric && std::isfinite(d.min) ? Json(d.min) : Json(nullptr);
        j["max"] = numeric && std::isfinite(d.max) ? Json(d.max) : Json(nullptr);
        j["default"] = defaultJson(d);
        j["valid_min"] = numeric && d.valid_max > d.valid_min ? Json(d.valid_min) : Json(nullptr);
        j["valid_max"] = numeric && d.valid_max > d.valid_min ? Json(d.valid_max) : Json(nullptr);
        Json choices = Json::array();
        for (const ChoiceDef& c : d.choices)
            choices.push_back(Json{{"id", std::string(c.id)}, {"label", std::string(c.label)}});
        j["choices"] = std::move(choices);
        j["group"] = std::string(d.group);
        j["label"] = std::string(d.label);
        j["help"] = std::string(d.help);
        j["display_unit"] = std::string(d.display_unit);
        j["display_factor"] = d.display_factor;
        j["zero_label"] = d.zero_label.empty() ? Json(nullptr) : Json(std::string(d.zero_label));
        arr.push_back(std::move(j));
    }
    return arr.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace costlab
