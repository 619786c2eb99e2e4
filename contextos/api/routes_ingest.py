"""``POST /ingest`` (JSON messages, or a whole export file as multipart) and
``GET /ingest/{job_id}``."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.exceptions import RequestValidationError
from pydantic import ValidationError
from starlette.datastructures import UploadFile

from contextos.api.deps import Cx, Runner, UserQuery, checked_user
from contextos.api.errors import ApiError
from contextos.api.schemas import PLATFORMS, IngestAccepted, IngestRequest, JobOut
from contextos.ingest import FORMATS

__all__ = ["router"]

router = APIRouter(tags=["ingest"])

_SAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def _inline(schema: dict[str, Any]) -> dict[str, Any]:
    """A model's JSON schema with its ``$defs`` inlined (for ``openapi_extra``)."""
    defs = schema.pop("$defs", {})

    def walk(node: Any) -> Any:
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith("#/$defs/"):
                return walk(defs[ref.rsplit("/", 1)[1]])
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return dict(walk(schema))


_UPLOAD_SCHEMA = {
    "type": "object",
    "required": ["user_id", "file"],
    "properties": {
        "user_id": {"type": "string"},
        "file": {"type": "string", "format": "binary", "description": "an export file or zip"},
        "platform": {"type": "string", "description": f"force a format: {', '.join(FORMATS)}"},
        "user_name": {"type": "string"},
    },
}
_OPENAPI = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": _inline(IngestRequest.model_json_schema())},
            "multipart/form-data": {"schema": _UPLOAD_SCHEMA},
        },
    }
}


@router.post(
    "/ingest",
    status_code=202,
    response_model=IngestAccepted,
    openapi_extra=_OPENAPI,
    summary="Queue a transcript (JSON messages) or an export file (multipart) for ingestion",
)
async def ingest(request: Request, runner: Runner) -> IngestAccepted:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "multipart/form-data":
        return await _upload(request, runner)
    if kind not in ("application/json", ""):
        raise ApiError(415, "unsupported_media_type", "send application/json or a multipart file")
    try:
        data = json.loads(await request.body() or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ApiError(400, "invalid_json", f"the body is not JSON: {exc}") from None
    try:
        body = IngestRequest.model_validate(data)
    except ValidationError as exc:
        errors = [{**e, "loc": ("body", *e["loc"])} for e in exc.errors(include_url=False)]
        raise RequestValidationError(errors) from None
    user = checked_user(request, body.user_id)
    settings = request.app.state.settings
    if body.platform not in PLATFORMS:
        raise ApiError(
            400,
            "invalid_platform",
            f"platform {body.platform!r} is not one of {', '.join(PLATFORMS)}",
            field="platform",
        )
    if len(body.messages) > settings.api_max_messages:
        raise ApiError(
            413,
            "batch_too_large",
            f"{len(body.messages)} messages: at most {settings.api_max_messages} per request",
        )
    if not any(m.content.strip() for m in body.messages):
        raise ApiError(400, "empty_transcript", "the transcript has no message with text")
    payload = body.model_dump(mode="json")
    job = await run_in_threadpool(runner.jobs.add, user, "messages", payload)
    estimate = runner.estimate(turns=len(body.messages))
    runner.submit(job)
    return IngestAccepted(job_id=job.id, estimated_seconds=estimate)


async def _upload(request: Request, runner: Runner) -> IngestAccepted:
    form = await request.form(max_files=1, max_fields=10)
    file = form.get("file")
    user_field = form.get("user_id")
    if not isinstance(user_field, str) or not user_field:
        raise ApiError(422, "validation_error", "user_id: field required", field="user_id")
    user = checked_user(request, user_field)
    if not isinstance(file, UploadFile):
        raise ApiError(422, "validation_error", "file: an export file is required", field="file")
    platform = form.get("platform")
    if platform is not None and platform not in FORMATS:
        raise ApiError(
            400,
            "invalid_platform",
            f"platform {platform!r} is not one of {', '.join(FORMATS)}",
            field="platform",
        )
    user_name = form.get("user_name")
    folder: Path = runner.uploads / uuid.uuid4().hex
    name = _SAFE_NAME.sub("_", Path(file.filename or "upload").name)[:100] or "upload"
    target = folder / name

    def save() -> int:
        folder.mkdir(parents=True, exist_ok=True)
        size = 0
        with target.open("wb") as out:
            while chunk := file.file.read(1 << 20):
                out.write(chunk)
                size += len(chunk)
        return size

    size = await run_in_threadpool(save)
    await file.close()
    if size == 0:
        target.unlink(missing_ok=True)
        raise ApiError(400, "empty_transcript", "the uploaded file is empty")
    payload = {
        "path": str(target),
        "format": platform,
        "user_name": user_name if isinstance(user_name, str) else None,
        "filename": file.filename,
        "bytes": size,
    }
    job = await run_in_threadpool(runner.jobs.add, user, "upload", payload)
    estimate = runner.estimate(size=size)
    runner.submit(job)
    return IngestAccepted(job_id=job.id, estimated_seconds=estimate)


@router.get("/ingest/{job_id}", response_model=JobOut, summary="An ingest job's status")
def job_status(job_id: str, user: UserQuery, runner: Runner, cx: Cx) -> dict[str, Any]:
    job = runner.jobs.get(job_id, user)
    if job is None:
        raise ApiError(404, "job_not_found", f"no ingest job {job_id!r} for this user")
    return job.view()
