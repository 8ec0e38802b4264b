#pragma once
// write_phase_json for a writer of many results in a row (a batch reader): the orders' first
// members copied from `memo` where it has them (order_members_memo.hpp), the same text as
// without it. Private to the core library.
#include "dipadj/formats/phase_json.hpp"

namespace dipadj {

class OrderMembersMemo;

// `memo`: used only when it serves the played phase's variant (OrderMembersMemo::use); may be null.
void write_phase_json(const PlayedPhase& played, JsonSink& out, OrderMembersMemo* memo);

}  // namespace dipadj
