// The JSON API of docs/api.md: every error is {"error": "..."}.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** Calls the API. `token` (a seat's or the spectators' secret) travels in
 * the Authorization header, never in the URL (issue 18 item 8: URLs land
 * in proxies' access logs). */
export async function api(method, path, body, token) {
  const init = { method, headers: {} };
  if (token) init.headers["authorization"] = `Bearer ${token}`;
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, "The server cannot be reached. Check your connection; the game is saved.");
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || `The server answered ${res.status}.`);
  return data;
}
