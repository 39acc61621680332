-- wrk: GET /healthz, which none of the API's work touches: what the HTTP stack, the channel
-- handlers and the middleware cost a request (the README's figure, against the floor's router).
request = function() return wrk.format("GET", "/healthz", {["X-Forwarded-For"] = "10.1.2.3"}) end
