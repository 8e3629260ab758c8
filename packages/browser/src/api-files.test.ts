// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenSource } from './api-client.ts';
import { download, upload } from './api-files.ts';
import { setNotifier } from './notify.ts';
import { createTokenStore } from './token-store.ts';

const tokens = createTokenStore('yance-staff-token');
const toasts = { warning: vi.fn(), error: vi.fn(), success: vi.fn() };
const envelope = (code: number, msg: string, data: unknown, status = 200) =>
  new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

function answer(res: () => Response) {
  const seen: { url: URL; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | RequestInfo, init: RequestInit = {}) => {
      seen.push({ url: new URL(String(input)), init });
      return res();
    }),
  );
  return seen;
}

beforeEach(() => {
  setTokenSource(tokens);
  setNotifier(toasts);
  tokens.save({ token: 'staff-a', refreshToken: 'r', expires: 7200 });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  Object.values(toasts).forEach((t) => t.mockReset());
});

describe('files through the session (console uploads and exports)', () => {
  it('uploads the file as multipart field "file" with the token, and unwraps the envelope', async () => {
    const seen = answer(() => envelope(1, '上传成功', { path: '/upload/u/ab.jpg', width: 10, height: 8, bytes: 99, type: 'image/jpeg' }));
    const res = await upload('mediaUpload', new Blob(['x'], { type: 'image/png' }), 'a.png');
    expect(res.path).toBe('/upload/u/ab.jpg');
    expect(seen[0]!.url.pathname).toBe('/api/admin/media/upload');
    expect((seen[0]!.init.headers as Record<string, string>).token).toBe('staff-a');
    const form = seen[0]!.init.body as FormData;
    expect((form.get('file') as File).name).toBe('a.png');
  });

  it('shows a refusal as a toast and an error, and a 401 ends the session', async () => {
    answer(() => envelope(0, '[文件]只接受JPEG、PNG、WebP、AVIF或GIF图片', null, 400));
    await expect(upload('mediaUpload', new Blob(['x']), 'a.exe')).rejects.toThrow('只接受');
    expect(toasts.error).toHaveBeenCalledWith('[文件]只接受JPEG、PNG、WebP、AVIF或GIF图片');

    answer(() => envelope(401, '请先登录', null, 401));
    await expect(upload('mediaUpload', new Blob(['x']), 'a.png')).rejects.toThrow('登录已过期');
    expect(tokens.access()).toBeNull();
  });

  it('downloads a file with the name the server gave it, and the query sent', async () => {
    const seen = answer(
      () =>
        new Response('PK', {
          status: 200,
          headers: {
            'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'content-disposition': `attachment; filename="items.xlsx"; filename*=UTF-8''${encodeURIComponent('检测项目.xlsx')}`,
          },
        }),
    );
    const file = await download('catalogDeviceExport', { typeId: 1 } as never, 'items.xlsx');
    expect(file.filename).toBe('检测项目.xlsx');
    expect(await file.blob.text()).toBe('PK');
    expect(seen[0]!.url.searchParams.get('typeId')).toBe('1');
  });
});
