import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { proxySource } from "@/lib/media-url";
import { playerMessages, UploadedVideoPlayer } from "./uploaded-video-player";

function videoElement(container: HTMLElement): HTMLVideoElement {
  const video = container.querySelector("video");
  if (!video) throw new Error("no <video> rendered");
  return video;
}

/** Makes the <video> fail as a browser would, with a MediaError of the given code. */
function failWith(video: HTMLVideoElement, code: number | undefined) {
  Object.defineProperty(video, "error", {
    configurable: true,
    value: code === undefined ? null : { code, message: "" },
  });
  fireEvent.error(video);
}

describe("UploadedVideoPlayer", () => {
  it("plays the upload through the video proxy, with the fallback text and a download link", () => {
    const { container } = render(<UploadedVideoPlayer src="/uploads/abc123.mp4" />);
    const video = videoElement(container);

    expect(video).toHaveAttribute("src", "/api/video-proxy?url=%2Fuploads%2Fabc123.mp4");
    expect(video).toHaveAttribute("controls");
    expect(video).toHaveTextContent(playerMessages.noVideoSupport);
    expect(playerMessages.noVideoSupport).toBe("Din nettleser støtter ikke videoavspilling.");
    const download = screen.getByRole("link", {
      name: "Hvis videoen ikke spilles av, klikk her for å laste den ned",
    });
    expect(download).toHaveAttribute("href", "/uploads/abc123.mp4");
    expect(download).toHaveAttribute("download");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it.each([
    [1, "Videoavspillingen ble avbrutt."],
    [2, "En nettverksfeil oppstod under nedlasting av videoen."],
    [3, "Videofilen er skadet eller formatet støttes ikke av nettleseren din."],
    [4, "Videoformatet støttes ikke av nettleseren din, eller filen finnes ikke."],
    [99, "Kunne ikke spille av videoen."],
    [undefined, "Kunne ikke spille av videoen."],
  ])("shows the overlay for MediaError code %s", (code, message) => {
    const { container } = render(<UploadedVideoPlayer src="/uploads/abc123.webm" />);

    failWith(videoElement(container), code);

    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(message);
    expect(alert).toHaveTextContent("Prøv å laste siden på nytt eller kontakt administrator.");
  });

  it("clears the overlay once data loads again", () => {
    const { container } = render(<UploadedVideoPlayer src="/uploads/abc123.ogg" />);
    const video = videoElement(container);
    failWith(video, 2);
    expect(screen.getByRole("alert")).toBeInTheDocument();

    fireEvent.loadedData(video);

    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("starts without the overlay when the source changes", () => {
    const { container, rerender } = render(<UploadedVideoPlayer src="/uploads/first.mp4" />);
    failWith(videoElement(container), 4);
    expect(screen.getByRole("alert")).toBeInTheDocument();

    rerender(<UploadedVideoPlayer src="/uploads/second.mp4" />);

    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(videoElement(container)).toHaveAttribute("src", proxySource("/uploads/second.mp4"));
  });

  it.each(["/uploads/abc123.avi", "/uploads/abc123.mov", "/uploads/no-extension"])(
    "offers %s in a new tab when the browser cannot play its type",
    (src) => {
      vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("");
      const { container } = render(<UploadedVideoPlayer src={src} />);

      expect(container.querySelector("video")).toBeNull();
      expect(screen.getByText("Videoen kan ikke spilles av direkte.")).toBeInTheDocument();
      const open = screen.getByRole("link", { name: "Åpne video i ny fane" });
      expect(open).toHaveAttribute("href", src);
      expect(open).toHaveAttribute("target", "_blank");
      expect(open).toHaveAttribute("rel", "noopener noreferrer");
    },
  );

  it("plays a QuickTime file where the browser says it can", () => {
    vi.spyOn(HTMLMediaElement.prototype, "canPlayType").mockReturnValue("maybe");
    const { container } = render(<UploadedVideoPlayer src="/uploads/abc123.mov" />);

    expect(videoElement(container)).toHaveAttribute("src", proxySource("/uploads/abc123.mov"));
    expect(screen.queryByText("Videoen kan ikke spilles av direkte.")).not.toBeInTheDocument();
  });
});
