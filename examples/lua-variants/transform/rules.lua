-- The transform order: "A Brest transform" or "F Brest transform" (any case, any name of the
-- province). A unit on a coastal supply centre becomes the other type when the movement phase
-- is over, if no unit was ordered to move into its province and it was not dislodged; otherwise
-- it held, and that is all. An army on a centre with two coasts cannot become a fleet (which
-- coast would it take?).

function parse_order(text, retreat_phase)
  local unit, place = text:match("^%s*([AaFf])%s+(.-)%s+[Tt][Rr][Aa][Nn][Ss][Ff][Oo][Rr][Mm]%s*$")
  if not unit then return nil end
  return {kind = "transform", unit = unit:upper(), at = place}
end

function order_text(order)
  return order.unit.type .. " " .. map.name(order.unit.province) .. " transform"
end

-- For the list of legal orders (dipadj orders, serve's /legal): the transform of every unit on a
-- coastal centre; those validate_order refuses are left out of the list.
function propose_orders(unit, board)
  if map.kind(unit.province) == "coast" and map.is_centre(unit.province) then
    return {unit.type .. " " .. map.name(unit.province) .. " transform"}
  end
end

function validate_order(order, board)
  local province = order.unit.province
  if map.kind(province) ~= "coast" or not map.is_centre(province) then return "not on a coastal supply centre" end
  if order.unit.type == "A" and #map.coasts(province) > 1 then return "two coasts: which one?" end
  return true
end

function after_movement(board, orders)
  local attacked = {}
  for _, order in ipairs(orders) do
    if order.kind == "move" and order.result ~= "illegal" then attacked[order.target] = true end
  end
  local changes = {}
  for _, order in ipairs(orders) do
    local province = order.unit and order.unit.province
    if order.kind == "transform" and order.result ~= "illegal" and not attacked[province] then
      local unit = board.unit(province)
      if unit and unit.power == order.power then  -- still there: not dislodged
        changes[#changes + 1] = {province = province, type = unit.type == "A" and "F" or "A"}
      end
    end
  end
  return changes
end
