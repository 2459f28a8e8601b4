/** A centred spinner shown while a page or the user info loads. */
import { Spin } from 'antd';

export default function PageLoading() {
  return (
    <div className="page-loading">
      <Spin size="large" />
    </div>
  );
}
