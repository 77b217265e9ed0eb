// Package agentdex is the Agentdex client library for Go (standard library only).
//
//	client := agentdex.NewClient("adx_...", agentdex.WithBaseURL("http://localhost:3000"))
//	raw, err := client.GetProfile(ctx, agentdex.Params{"slug": "stripe"})
//	var profile struct{ Domain string `json:"domain"` }
//	err = json.Unmarshal(raw, &profile)
//
// One method per Agentdex operation, taking the operation's input fields as Params (path parameters
// are substituted, the rest go in the query of a GET or DELETE and the JSON body otherwise) and
// returning the REST JSON as it came. A failed call returns an *Error with the HTTP status and the
// server's message. 429 and 503 answers are retried (WithMaxRetries, default 2), waiting what
// Retry-After says (up to a minute; a longer wait returns the error at once). A metered call sends
// one Idempotency-Key, yours (WithIdempotencyKey) or a fresh one, on all its retries, so it is never
// billed twice; a 202 job is polled to its result.
package agentdex

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	mathrand "math/rand"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Version is the client library's version.
const Version = "{{VERSION}}"

// DefaultBaseURL is where `npm start` serves the API.
const DefaultBaseURL = "http://localhost:3000"

const (
	maxRetryAfter   = time.Minute
	maxBackoff      = 8 * time.Second
	maxPollInterval = 5 * time.Second
)

// Params are an operation's input fields, by their JSON names.
type Params = map[string]any

// Error is a failed call. Status is the HTTP status (0 when no response arrived) and Message the
// server's `error`; Reason is its machine-readable reason (e.g. QUOTA_EXHAUSTED), RetryAfter the
// wait it asked for, RequestID its x-request-id and Body the response body.
type Error struct {
	Status     int
	Message    string
	Reason     string
	RetryAfter time.Duration
	RequestID  string
	Body       json.RawMessage
}

func (e *Error) Error() string {
	if e.Status == 0 {
		return e.Message
	}
	return fmt.Sprintf("%d: %s", e.Status, e.Message)
}

// Client calls the Agentdex API. Without an API key, metered calls use the anonymous trial.
type Client struct {
	apiKey     string
	baseURL    string
	maxRetries int
	httpClient *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithBaseURL sets the API's address (default http://localhost:3000).
func WithBaseURL(baseURL string) Option {
	return func(c *Client) { c.baseURL = strings.TrimRight(baseURL, "/") }
}

// WithTimeout sets the time limit of each attempt (default two minutes).
func WithTimeout(timeout time.Duration) Option {
	return func(c *Client) { c.httpClient.Timeout = timeout }
}

// WithMaxRetries sets how many times a 429 or 503 answer is retried (default 2).
func WithMaxRetries(n int) Option {
	return func(c *Client) {
		if n < 0 {
			n = 0
		}
		c.maxRetries = n
	}
}

// WithHTTPClient replaces the http.Client (its Timeout is the per-attempt limit).
func WithHTTPClient(httpClient *http.Client) Option {
	return func(c *Client) { c.httpClient = httpClient }
}

// NewClient returns a client sending apiKey (an `adx_` workspace key; "" for the anonymous trial).
func NewClient(apiKey string, opts ...Option) *Client {
	c := &Client{apiKey: apiKey, baseURL: DefaultBaseURL, maxRetries: 2, httpClient: &http.Client{Timeout: 2 * time.Minute}}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

// CallOption configures one call.
type CallOption func(*callOptions)

type callOptions struct {
	idempotencyKey string
}

// WithIdempotencyKey sends your own Idempotency-Key: a repeat within 24 hours returns the stored
// answer and is not billed again. Metered calls otherwise get a fresh key, kept across their retries.
func WithIdempotencyKey(key string) CallOption {
	return func(o *callOptions) { o.idempotencyKey = key }
}

type route struct {
	method  string
	path    string
	params  []string
	inBody  bool
	metered bool
}

func (c *Client) call(ctx context.Context, r route, input Params, opts []CallOption) (json.RawMessage, error) {
	var o callOptions
	for _, opt := range opts {
		opt(&o)
	}
	fields := Params{}
	for name, value := range input {
		fields[name] = value
	}
	path := r.path
	for _, name := range r.params {
		value, ok := fields[name]
		delete(fields, name)
		text := fmt.Sprint(value)
		if !ok || value == nil || text == "" {
			return nil, &Error{Message: name + " is required"}
		}
		path = strings.Replace(path, "{"+name+"}", url.PathEscape(text), 1)
	}
	var body []byte
	if r.inBody {
		encoded, err := json.Marshal(fields)
		if err != nil {
			return nil, &Error{Message: "cannot encode the input: " + err.Error()}
		}
		body = encoded
	} else if query := encodeQuery(fields); query != "" {
		path += "?" + query
	}
	headers := c.headers(body != nil)
	if o.idempotencyKey != "" {
		headers.Set("Idempotency-Key", o.idempotencyKey)
	} else if r.metered {
		// One key for the call and all its retries: a retried metered call is never billed twice.
		headers.Set("Idempotency-Key", newUUID())
	}
	status, respHeaders, raw, err := c.send(ctx, r.method, c.baseURL+path, headers, body)
	if err != nil {
		return nil, err
	}
	if status == http.StatusNoContent {
		return nil, nil
	}
	if status == http.StatusAccepted {
		var job struct {
			Status   string `json:"status"`
			JobID    string `json:"jobId"`
			Location string `json:"location"`
		}
		if json.Unmarshal(raw, &job) == nil && job.Status == "running" {
			location := job.Location
			if location == "" {
				location = respHeaders.Get("Location")
			}
			if location == "" {
				location = "/v1/jobs/" + url.PathEscape(job.JobID)
			}
			return c.poll(ctx, location)
		}
	}
	return raw, nil
}

func (c *Client) headers(hasBody bool) http.Header {
	h := http.Header{}
	h.Set("Accept", "application/json")
	h.Set("User-Agent", "agentdex-go/"+Version)
	if c.apiKey != "" {
		h.Set("x-api-key", c.apiKey)
	}
	if hasBody {
		h.Set("Content-Type", "application/json")
	}
	return h
}

// send makes one logical request, retrying 429 and 503; it returns only 2xx answers without an error.
func (c *Client) send(ctx context.Context, method, target string, headers http.Header, body []byte) (int, http.Header, json.RawMessage, error) {
	for retry := 0; ; retry++ {
		var reader io.Reader
		if body != nil {
			reader = bytes.NewReader(body)
		}
		req, err := http.NewRequestWithContext(ctx, method, target, reader)
		if err != nil {
			return 0, nil, nil, &Error{Message: err.Error()}
		}
		req.Header = headers.Clone()
		resp, err := c.httpClient.Do(req)
		if err != nil {
			return 0, nil, nil, &Error{Message: fmt.Sprintf("connection error: %v", err)}
		}
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return 0, nil, nil, &Error{Message: fmt.Sprintf("connection error: %v", err)}
		}
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp.StatusCode, resp.Header, raw, nil
		}
		apiErr := errorFrom(resp.StatusCode, resp.Header, raw)
		delay, ok := c.retryDelay(apiErr, retry)
		if !ok {
			return 0, nil, nil, apiErr
		}
		select {
		case <-ctx.Done():
			return 0, nil, nil, &Error{Message: ctx.Err().Error()}
		case <-time.After(delay):
		}
	}
}

func (c *Client) retryDelay(e *Error, retry int) (time.Duration, bool) {
	if retry >= c.maxRetries || (e.Status != http.StatusTooManyRequests && e.Status != http.StatusServiceUnavailable) {
		return 0, false
	}
	if e.RetryAfter < 0 {
		backoff := time.Duration(500<<retry) * time.Millisecond
		if backoff > maxBackoff {
			backoff = maxBackoff
		}
		return time.Duration(float64(backoff) * (1 - mathrand.Float64()*0.25)), true
	}
	return e.RetryAfter, e.RetryAfter <= maxRetryAfter
}

func (c *Client) poll(ctx context.Context, location string) (json.RawMessage, error) {
	target := location
	if !strings.Contains(location, "://") {
		target = c.baseURL + location
	}
	if !strings.HasPrefix(target, c.baseURL+"/") {
		return nil, &Error{Message: "refusing to poll a job outside " + c.baseURL + ": " + location}
	}
	delay := 500 * time.Millisecond
	for {
		select {
		case <-ctx.Done():
			return nil, &Error{Message: ctx.Err().Error()}
		case <-time.After(delay):
		}
		if delay *= 2; delay > maxPollInterval {
			delay = maxPollInterval
		}
		_, _, raw, err := c.send(ctx, http.MethodGet, target, c.headers(false), nil)
		if err != nil {
			return nil, err
		}
		var job struct {
			Status string          `json:"status"`
			JobID  string          `json:"jobId"`
			Error  string          `json:"error"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(raw, &job); err != nil {
			return nil, &Error{Message: "invalid job response: " + err.Error(), Body: raw}
		}
		switch job.Status {
		case "completed":
			return job.Result, nil
		case "failed":
			return nil, &Error{Message: fmt.Sprintf("job %s failed: %s", job.JobID, job.Error), Body: raw}
		case "running":
		default:
			return nil, &Error{Message: fmt.Sprintf("job at %s has an unexpected status: %q", location, job.Status), Body: raw}
		}
	}
}

func errorFrom(status int, headers http.Header, raw []byte) *Error {
	e := &Error{Status: status, RequestID: headers.Get("x-request-id"), RetryAfter: -1}
	var fields struct {
		Error      *string  `json:"error"`
		Reason     string   `json:"reason"`
		RetryAfter *float64 `json:"retryAfter"`
	}
	if json.Unmarshal(raw, &fields) == nil {
		e.Body = raw
		e.Reason = fields.Reason
		if fields.Error != nil {
			e.Message = *fields.Error
		}
		if fields.RetryAfter != nil && *fields.RetryAfter >= 0 {
			e.RetryAfter = time.Duration(*fields.RetryAfter * float64(time.Second))
		}
	}
	if e.Message == "" {
		text := strings.Join(strings.Fields(string(raw)), " ")
		if len(text) > 300 {
			text = text[:300]
		}
		if text == "" {
			text = http.StatusText(status)
		}
		e.Message = text
	}
	if header := strings.TrimSpace(headers.Get("Retry-After")); header != "" {
		if seconds, err := strconv.ParseFloat(header, 64); err == nil && seconds >= 0 {
			e.RetryAfter = time.Duration(seconds * float64(time.Second))
		} else if at, err := http.ParseTime(header); err == nil {
			if e.RetryAfter = time.Until(at); e.RetryAfter < 0 {
				e.RetryAfter = 0
			}
		}
	}
	return e
}

func encodeQuery(fields Params) string {
	values := url.Values{}
	for name, value := range fields {
		switch v := value.(type) {
		case nil:
		case []string:
			for _, item := range v {
				values.Add(name, item)
			}
		case []any:
			for _, item := range v {
				values.Add(name, queryValue(item))
			}
		default:
			values.Add(name, queryValue(v))
		}
	}
	return values.Encode()
}

func queryValue(value any) string {
	switch v := value.(type) {
	case time.Time:
		return v.Format(time.RFC3339Nano)
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64)
	default:
		return fmt.Sprint(v)
	}
}

func newUUID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return strconv.FormatInt(time.Now().UnixNano(), 36)
	}
	b[6] = (b[6] & 0x0f) | 0x40
	b[8] = (b[8] & 0x3f) | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// Operations (generated from src/operations).
{{METHODS}}
