"""The Agentdex client library for Python (standard library only).

    from agentdex import Agentdex, AgentdexError

    agentdex = Agentdex(api_key="adx_...", base_url="http://localhost:3000")
    profile = agentdex.get_profile("stripe")
    tools = agentdex.find_tools("send transactional email")

One method per Agentdex operation: required fields are positional arguments, optional ones keyword
arguments (or a `params` dict, for names Python reserves such as `from`). Responses are the REST JSON
(dicts and lists). A failed call raises AgentdexError with the HTTP status and the server's message.
429 and 503 answers are retried (max_retries, default 2), waiting what Retry-After says (up to a
minute; a longer wait raises at once). A metered call sends one Idempotency-Key, yours or a fresh one,
on all its retries, so it is never billed twice; a 202 job is polled to its result.
"""

import email.utils
import json
import random
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from typing import Any, Dict, List, Optional

__all__ = ["Agentdex", "AgentdexError", "__version__"]

__version__ = "{{VERSION}}"

DEFAULT_BASE_URL = "http://localhost:3000"
_RETRYABLE = (429, 503)
_MAX_RETRY_AFTER = 60.0
_MAX_BACKOFF = 8.0
_MAX_POLL_INTERVAL = 5.0


class AgentdexError(Exception):
    """A call that failed. `status` is the HTTP status (None when no response arrived) and `message`
    the server's `error`; `reason` is its machine-readable reason (e.g. QUOTA_EXHAUSTED),
    `retry_after` the seconds it asked to wait, `request_id` its x-request-id, `body` the parsed body."""

    def __init__(
        self,
        status: Optional[int],
        message: str,
        *,
        reason: Optional[str] = None,
        retry_after: Optional[float] = None,
        request_id: Optional[str] = None,
        body: Any = None,
    ) -> None:
        super().__init__(f"{status}: {message}" if status is not None else message)
        self.status = status
        self.message = message
        self.reason = reason
        self.retry_after = retry_after
        self.request_id = request_id
        self.body = body


class Agentdex:
    """The Agentdex API. Without an api_key, metered calls use the anonymous trial (8 per hour per IP)."""

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: str = DEFAULT_BASE_URL,
        timeout: float = 120.0,
        max_retries: int = 2,
    ) -> None:
        self.api_key = api_key
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.max_retries = max(0, max_retries)

    def __repr__(self) -> str:
        return f"Agentdex(base_url={self.base_url!r})"

    # -- transport ---------------------------------------------------------------------------------

    def _call(
        self,
        method: str,
        path: str,
        path_params: List[str],
        where: str,
        metered: bool,
        fields: Dict[str, Any],
        idempotency_key: Optional[str] = None,
    ) -> Any:
        fields = dict(fields)
        for name in path_params:
            value = fields.pop(name, None)
            if value is None or value == "":
                raise ValueError(f"{name} is required")
            path = path.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        query: Dict[str, Any] = {}
        body: Optional[bytes] = None
        if where == "query":
            query = fields
        else:
            body = json.dumps(fields).encode("utf-8")
        headers = self._headers(body is not None)
        if metered:
            # One key for the call and all its retries: a retried metered call is never billed twice.
            headers["Idempotency-Key"] = idempotency_key or str(uuid.uuid4())
        elif idempotency_key:
            headers["Idempotency-Key"] = idempotency_key
        status, response_headers, parsed = self._send(method, self._url(path, query), headers, body)
        if status == 202 and isinstance(parsed, dict) and parsed.get("status") == "running":
            location = parsed.get("location") or response_headers.get("location") or f"/v1/jobs/{parsed.get('jobId')}"
            return self._poll(str(location))
        return None if status == 204 else parsed

    def _headers(self, has_body: bool) -> Dict[str, str]:
        headers = {"Accept": "application/json", "User-Agent": f"agentdex-python/{__version__}"}
        if self.api_key:
            headers["x-api-key"] = self.api_key
        if has_body:
            headers["Content-Type"] = "application/json"
        return headers

    def _url(self, path: str, query: Dict[str, Any]) -> str:
        pairs = []
        for name, value in query.items():
            if value is None:
                continue
            for item in value if isinstance(value, (list, tuple)) else [value]:
                pairs.append((name, _query_value(item)))
        search = urllib.parse.urlencode(pairs)
        return self.base_url + path + ("?" + search if search else "")

    def _send(self, method: str, url: str, headers: Dict[str, str], body: Optional[bytes]) -> Any:
        retry = 0
        while True:
            request = urllib.request.Request(url, data=body, headers=headers, method=method)
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    return response.status, _lower(response.headers), _parse(response.read(), response.headers)
            except urllib.error.HTTPError as err:
                error = _error_from(err.code, _lower(err.headers), _parse(err.read(), err.headers))
            except (urllib.error.URLError, OSError) as err:
                reason = getattr(err, "reason", err)
                raise AgentdexError(None, f"Connection error: {reason} ({method} {url})") from err
            delay = self._retry_delay(error, retry)
            if delay is None:
                raise error
            time.sleep(delay)
            retry += 1

    def _retry_delay(self, error: AgentdexError, retry: int) -> Optional[float]:
        if retry >= self.max_retries or error.status not in _RETRYABLE:
            return None
        if error.retry_after is None:
            return min(0.5 * 2**retry, _MAX_BACKOFF) * (1 - random.random() * 0.25)
        return error.retry_after if error.retry_after <= _MAX_RETRY_AFTER else None

    def _poll(self, location: str) -> Any:
        url = location if "://" in location else self.base_url + location
        if not url.startswith(self.base_url + "/"):
            raise AgentdexError(None, f"Refusing to poll a job outside {self.base_url}: {location}")
        delay = 0.5
        while True:
            time.sleep(delay)
            delay = min(delay * 2, _MAX_POLL_INTERVAL)
            _, _, job = self._send("GET", url, self._headers(False), None)
            state = job.get("status") if isinstance(job, dict) else None
            if state == "completed":
                return job.get("result")
            if state == "failed":
                raise AgentdexError(None, f"Job {job.get('jobId')} failed: {job.get('error')}", body=job)
            if state != "running":
                raise AgentdexError(None, f"Job at {location} has an unexpected status: {state}", body=job)

    # -- operations (generated from src/operations) ------------------------------------------------
{{METHODS}}

def _fields(params: Optional[Dict[str, Any]], fields: Dict[str, Any], **required: Any) -> Dict[str, Any]:
    merged: Dict[str, Any] = dict(params or {})
    merged.update(fields)
    merged.update(required)
    return merged


def _query_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if hasattr(value, "isoformat"):
        return value.isoformat()
    return str(value)


def _lower(headers: Any) -> Dict[str, str]:
    return {name.lower(): value for name, value in headers.items()} if headers else {}


def _parse(raw: bytes, headers: Any) -> Any:
    text = raw.decode("utf-8", "replace")
    content_type = (headers.get("Content-Type") or "") if headers else ""
    if not text or "json" not in content_type:
        return text or None
    try:
        return json.loads(text)
    except ValueError:
        return text


def _error_from(status: int, headers: Dict[str, str], body: Any) -> AgentdexError:
    fields = body if isinstance(body, dict) else {}
    message = fields.get("error") if isinstance(fields.get("error"), str) else None
    if message is None:
        message = " ".join(body.split())[:300] if isinstance(body, str) and body.strip() else f"HTTP {status}"
    reason = fields.get("reason") if isinstance(fields.get("reason"), str) else None
    return AgentdexError(
        status,
        message,
        reason=reason,
        retry_after=_retry_after(headers, fields),
        request_id=headers.get("x-request-id"),
        body=body,
    )


def _retry_after(headers: Dict[str, str], fields: Dict[str, Any]) -> Optional[float]:
    header = (headers.get("retry-after") or "").strip()
    if header:
        try:
            return max(0.0, float(header))
        except ValueError:
            pass
        try:
            when = email.utils.parsedate_to_datetime(header)
            return max(0.0, when.timestamp() - time.time())
        except (TypeError, ValueError):
            pass
    value = fields.get("retryAfter")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0 else None
