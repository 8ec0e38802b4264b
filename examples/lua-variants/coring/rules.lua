-- Coring: a supply centre becomes a home centre of the power that has owned it at the end of
-- YEARS years running (it may build there, and civil-disorder distances count from it). A centre
-- lost, even for one year, starts its count again with its new owner. The variant's own home
-- centres stay home centres whoever owns them.
--
-- The count is the script's memory from one year to the next: after_ownership, called once a
-- year when the centres have changed hands, answers the table to keep, and board.state() reads it
-- back in the later phases of the same game (the game file keeps it under `plugin_state: {lua:`).

local YEARS = 2

-- held[centre] = {power = owner, years = how many year ends running it has owned it (at most YEARS)}
function after_ownership(board)
  local before = board.state().held or {}
  local held = {}
  for centre, owner in pairs(board.centres()) do
    local was = before[centre]
    local years = 1
    if was and was.power == owner then years = math.min(was.years + 1, YEARS) end
    held[centre] = {power = owner, years = years}
  end
  return {held = held}
end

function home_centre(centre, power, board)
  local held = (board.state().held or {})[centre]
  if held and held.power == power and held.years >= YEARS then return true end
  return nil  -- the variant's list decides
end
