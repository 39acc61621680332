-- wrk: POST /v1/codes, a new destination each request, all from one client address (as behind
-- a proxy that does not forward the client's): what a count over every row of one address costs.
math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
request = function()
    local body = '{"destination":"+1415' .. math.random(2000000, 9999999) .. '"}'
    return wrk.format("POST", "/v1/codes", { ["Content-Type"] = "application/json" }, body)
end
