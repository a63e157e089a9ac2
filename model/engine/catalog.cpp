// Catalog lookup. The JSON reader and writer live in model/io (catalogio.h).
#include "catalog.h"

namespace costlab {

const Accelerator* Catalog::accelerator(std::string_view wanted) const
{
    for (const Accelerator& a : accelerators)
        if (a.id == wanted)
            return &a;
    return nullptr;
}

const InstanceType* Catalog::instance(std::string_view wanted) const
{
    for (const InstanceType& i : instances)
        if (i.id == wanted)
            return &i;
    return nullptr;
}

} // namespace costlab
