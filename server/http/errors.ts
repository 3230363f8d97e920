// Errors a handler throws on purpose; the error handler turns them into the envelope (ARCHITECTURE.md).
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
  }
}

export const badRequest = (message = '参数错误') => new HttpError(400, message);
export const unauthorized = (message = '未登录或登录已过期，请重新登录') => new HttpError(401, message);
export const forbidden = (message = '没有权限访问该数据') => new HttpError(403, message);
export const notFound = (message = '数据不存在') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string) => new HttpError(422, message);
export const tooManyRequests = (message = '请求过于频繁，请稍后再试') => new HttpError(429, message);
