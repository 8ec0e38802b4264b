-- The Rhine: a river between Burgundy and Ruhr on one bank and Munich and Kiel on the other, and
-- between Holland and Kiel. Units cross it as before, but no support may be given across it: a
-- unit may not support a move into, or a unit holding in, a province on the other bank.

local rhine = {
  {"bur", "mun"}, {"ruh", "mun"}, {"ruh", "kie"}, {"hol", "kie"},
}

local function across(a, b)
  for _, border in ipairs(rhine) do
    if (border[1] == a and border[2] == b) or (border[1] == b and border[2] == a) then return true end
  end
  return false
end

function forbids(order)
  if order.kind ~= "support" then return nil end
  local to = order.target or order.other.province
  if across(order.unit.province, to) then return "no support across the Rhine" end
  return nil
end
