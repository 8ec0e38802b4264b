-- Builds in controlled territory: a power builds in its home centres, and also in any centre it
-- owns whose every land neighbour is its own: a supply centre it owns, or a province one of its
-- units stands in. (An empty province that is no centre belongs to nobody, so a centre next to
-- one is not controlled.) The centres a power builds in are also those from which its
-- civil-disorder distances count.

local function controlled(centre, power, board)
  for _, neighbour in ipairs(map.neighbours(centre, "A")) do
    local unit = board.unit(neighbour)
    local own_unit = unit ~= nil and unit.power == power
    local own_centre = map.is_centre(neighbour) and board.owner(neighbour) == power
    if not own_unit and not own_centre then return false end
  end
  return true
end

function build_sites(power, board)
  local sites = home_centres(power)
  for centre, owner in pairs(board.centres()) do
    local home = false
    for _, h in ipairs(sites) do home = home or h == centre end
    if owner == power and not home and controlled(centre, power, board) then sites[#sites + 1] = centre end
  end
  return sites
end
