import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { uploadVideo } from "@/lib/upload";
import { json, mockApi, renderApp } from "@/test/render-app";
import { PortfolioForm } from "./portfolio-form";
import {
  emptyPortfolio,
  msgImageOrVideo,
  msgInvalidVideoUrl,
  videoPreview,
} from "./portfolio-rules";
import type { Uploader } from "./use-video-upload";

function renderForm(upload: Uploader = vi.fn()) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  // The app's providers: the form asks the server how an uploaded video's processing goes.
  renderApp(
    <PortfolioForm
      defaults={emptyPortfolio}
      editing={false}
      saving={false}
      onSubmit={onSubmit}
      onCancel={() => {}}
      upload={upload}
    />,
  );
  return { onSubmit, user };
}

describe("portfolio form", () => {
  it("shows the Norwegian labels and create button", () => {
    renderForm();
    for (const label of ["Tittel", "Beskrivelse", "Bilde URL", "Kategori"]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole("tab", { name: "Bilde" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("checkbox", { name: "Fremhevet element" })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Opprett" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Avbryt" })).toBeInTheDocument();
  });

  it("requires a title and an image or video URL", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText("Bilde URL"), "   ");
    await user.click(screen.getByRole("button", { name: "Opprett" }));
    expect(await screen.findByText("Tittel er påkrevd")).toBeInTheDocument();
    expect(screen.getByText(msgImageOrVideo)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("refuses a video URL that is no video", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText("Tittel"), "Reel");
    await user.click(screen.getByRole("tab", { name: "Video" }));
    await user.type(screen.getByLabelText("Video URL"), "https://example.com/page");
    expect(screen.getByText("Ugyldig video-URL")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Åpne lenke i ny fane/ })).toHaveAttribute(
      "href",
      "https://example.com/page",
    );
    await user.click(screen.getByRole("button", { name: "Opprett" }));
    expect(await screen.findByText(msgInvalidVideoUrl)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each(["https://www.youtube.com/@somechannel", "https://vimeo.com/"])(
    "refuses %s, which names no video, as its preview does",
    async (address) => {
      const { onSubmit, user } = renderForm();
      await user.type(screen.getByLabelText("Tittel"), "Reel");
      await user.click(screen.getByRole("tab", { name: "Video" }));
      await user.type(screen.getByLabelText("Video URL"), address);
      expect(screen.getByText("Ugyldig video-URL")).toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Opprett" }));
      expect(await screen.findByText(msgInvalidVideoUrl)).toBeInTheDocument();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it("submits a valid image item", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText("Tittel"), "Kampanje");
    await user.type(screen.getByLabelText("Bilde URL"), "https://cdn.example.com/a.jpg");
    expect(screen.getByRole("img", { name: "Forhåndsvisning" })).toHaveAttribute(
      "src",
      "https://cdn.example.com/a.jpg",
    );
    await user.click(screen.getByRole("button", { name: "Opprett" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ title: "Kampanje", category: "product" });
  });

  it("rejects a video over 100 MB before uploading", async () => {
    const upload = vi.fn();
    const { user } = renderForm(upload);
    await user.click(screen.getByRole("tab", { name: "Video" }));
    const big = new File(["x"], "big.mp4", { type: "video/mp4" });
    Object.defineProperty(big, "size", { value: 100 * 1024 * 1024 + 1 });
    await user.upload(screen.getByTestId("video-file-input"), big);
    expect(await screen.findByText("Filen er for stor")).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it("shows progress, then the uploaded file; a failure clears the marker and shows the error", async () => {
    let finish: (url: string) => void = () => {};
    let fail: (e: Error) => void = () => {};
    let report: (p: number) => void = () => {};
    const upload = vi.fn(
      (_file: File, opts?: { chunkSize?: number; onProgress?: (p: number) => void }) =>
        new Promise<string>((resolve, reject) => {
          expect(opts?.chunkSize).toBe(512000);
          report = (p) => opts?.onProgress?.(p);
          finish = resolve;
          fail = reject;
        }),
    ) as unknown as Uploader;
    const { user } = renderForm(upload);
    await user.click(screen.getByRole("tab", { name: "Video" }));
    const file = new File(["video"], "klipp.mp4", { type: "video/mp4" });

    await user.upload(screen.getByTestId("video-file-input"), file);
    expect(screen.getByLabelText("Video URL")).toHaveValue("uploading...");
    act(() => report(40));
    expect(await screen.findByRole("button", { name: /Laster opp\.\.\. 40%/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Avbryt" })).toBeDisabled();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "40");
    await act(async () => fail(new Error("Feil ved opplasting av chunk 2")));
    expect(await screen.findByText("Feil ved opplasting av chunk 2")).toBeInTheDocument();
    expect(await screen.findByText("Opplastingsfeil")).toBeInTheDocument();
    expect(screen.getByLabelText("Video URL")).toHaveValue("");

    await user.upload(screen.getByTestId("video-file-input"), file);
    await act(async () => finish("/uploads/abc.mp4"));
    expect(await screen.findByText("Valgt fil: klipp.mp4")).toBeInTheDocument();
    expect(screen.getByLabelText("Video URL")).toHaveValue("/uploads/abc.mp4");
    expect(screen.queryByText("Feil ved opplasting av chunk 2")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Avbryt" })).toBeEnabled();

    // Typing another address by hand: the uploaded file is no longer the chosen one.
    await user.clear(screen.getByLabelText("Video URL"));
    await user.type(screen.getByLabelText("Video URL"), "https://youtu.be/abc");
    expect(screen.queryByText("Valgt fil: klipp.mp4")).not.toBeInTheDocument();
  });

  it("a file over 100 MB is refused before any upload, and clears an earlier error", async () => {
    const upload = vi.fn(() =>
      Promise.reject(new Error("Feil ved opplasting av chunk 1")),
    ) as unknown as Uploader;
    const { user } = renderForm(upload);
    await user.click(screen.getByRole("tab", { name: "Video" }));
    await user.upload(
      screen.getByTestId("video-file-input"),
      new File(["v"], "a.mp4", { type: "video/mp4" }),
    );
    expect(await screen.findByText("Feil ved opplasting av chunk 1")).toBeInTheDocument();

    const big = new File(["v"], "stor.mp4", { type: "video/mp4" });
    Object.defineProperty(big, "size", { value: 100 * 1024 * 1024 + 1 });
    await user.upload(screen.getByTestId("video-file-input"), big);
    // (The toaster is shared by this file's tests: another test's toast may still be up.)
    expect((await screen.findAllByText("Filen er for stor")).length).toBeGreaterThan(0);
    expect(screen.queryByText("Feil ved opplasting av chunk 1")).not.toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
  });
});

describe("upload errors", () => {
  it("shows the step's Norwegian text, never the server's English message", async () => {
    mockApi({
      "POST /api/admin/upload/initialize": () =>
        json({ message: "Only video files can be uploaded" }, 415),
    });
    const { user } = renderForm(uploadVideo);
    await user.click(screen.getByRole("tab", { name: "Video" }));
    await user.upload(
      screen.getByTestId("video-file-input"),
      new File(["v"], "klipp.mp4", { type: "video/mp4" }),
    );
    expect(await screen.findByText("Kunne ikke initialisere opplastning")).toBeInTheDocument();
    expect(screen.queryByText(/Only video files/)).not.toBeInTheDocument();
  });
});

describe("video preview", () => {
  it("previews YouTube and Vimeo as embeds, uploads through the proxy, others as invalid", () => {
    expect(videoPreview("https://www.youtube.com/watch?v=abc")).toEqual({
      kind: "embed",
      src: "https://www.youtube.com/embed/abc",
    });
    expect(videoPreview("https://vimeo.com/channels/x/123")).toEqual({
      kind: "embed",
      src: "https://player.vimeo.com/video/123",
    });
    expect(videoPreview("/uploads/abc123.mp4")).toEqual({
      kind: "upload",
      path: "/uploads/abc123.mp4",
    });
    expect(videoPreview("https://cdn.example.com/a.mp4")).toEqual({ kind: "invalid" });
  });
});

describe("video processing", () => {
  const processing = {
    status: "processing",
    width: 0,
    height: 0,
    durationMs: 0,
    posterUrl: "",
    sources: [],
    progress: 42,
    jobState: "running",
    attempts: 1,
  };

  async function uploadClip(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText("Tittel"), "Portrett");
    await user.click(screen.getByRole("tab", { name: "Video" }));
    await user.upload(
      screen.getByTestId("video-file-input"),
      new File(["v"], "klipp.mov", { type: "video/quicktime" }),
    );
  }

  it("shows the server's progress after the upload, and the item can be saved meanwhile", async () => {
    mockApi({
      "GET /api/admin/media": () => json({ videoProcessing: true }),
      "GET /api/admin/media/abc.mov": () => json(processing),
    });
    const { onSubmit, user } = renderForm(vi.fn(async () => "/uploads/abc.mov") as Uploader);
    await uploadClip(user);
    expect(await screen.findByText("Behandler video… 42 %")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Videobehandling" })).toHaveAttribute(
      "aria-valuenow",
      "42",
    );
    await user.click(screen.getByRole("button", { name: "Opprett" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ videoUrl: "/uploads/abc.mov" });
  });

  it("shows a failure's reason and retries it", async () => {
    const fetchMock = mockApi({
      "GET /api/admin/media": () => json({ videoProcessing: true }),
      "GET /api/admin/media/abc.mov": () =>
        json({ ...processing, status: "failed", error: "Filen kunne ikke leses.", progress: null }),
      "POST /api/admin/media/abc.mov/retry": () => json({ ...processing, progress: null }),
    });
    const { user } = renderForm(vi.fn(async () => "/uploads/abc.mov") as Uploader);
    await uploadClip(user);
    expect(
      await screen.findByText("Videoen kunne ikke behandles. Filen kunne ikke leses."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Prøv igjen" }));
    expect(await screen.findByText("Behandler video…")).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === "/api/admin/media/abc.mov/retry" && init?.method === "POST",
      ),
    ).toBe(true);
  });

  it("plays the rendition with its poster once ready", async () => {
    mockApi({
      "GET /api/admin/media": () => json({ videoProcessing: true }),
      "GET /api/admin/media/abc.mov": () =>
        json({
          ...processing,
          status: "ready",
          progress: null,
          jobState: "done",
          posterUrl: "/media/p_poster.jpg",
          sources: [
            { url: "/media/p_small.mp4", width: 720, height: 1280, type: "video/mp4", bytes: 1 },
            { url: "/media/p_large.mp4", width: 1080, height: 1920, type: "video/mp4", bytes: 2 },
          ],
        }),
    });
    const { user } = renderForm(vi.fn(async () => "/uploads/abc.mov") as Uploader);
    await uploadClip(user);
    expect(await screen.findByText("Videoen er klar for nettet.")).toBeInTheDocument();
    const preview = screen.getByTestId("admin-video-preview");
    expect(preview).toHaveAttribute("src", "/media/p_large.mp4");
    expect(preview).toHaveAttribute("poster", "/media/p_poster.jpg");
  });

  it("says when the server does not process videos", async () => {
    mockApi({ "GET /api/admin/media": () => json({ videoProcessing: false }) });
    const { user } = renderForm();
    await user.click(screen.getByRole("tab", { name: "Video" }));
    expect(await screen.findByText(/Videobehandling er av på denne serveren/)).toBeInTheDocument();
  });
});
