import { renderPage } from './layout';
import { ErrorPage } from './pages/account';

/** The error page browsers get for a failed page or an unknown address (http/error-handler decides when). */
export function htmlErrorPage(status: number, message: string): string {
  return renderPage(<ErrorPage status={status} message={message} />);
}
