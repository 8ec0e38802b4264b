#pragma once
// A variant's map as an SVG picture, for a designer checking a map (`dipadj draw --map`):
// provinces as labelled nodes (land, coastal and sea told apart, supply centres marked, home
// centres in their power's colour), army and fleet borders drawn differently, coasts as nodes of
// their own, tags and the map's options shown, and a legend.
#include "dipadj/draw/picture.hpp"

namespace dipadj {

class Variant;

Picture draw_map(const Variant& variant);

}  // namespace dipadj
