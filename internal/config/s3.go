package config

import "errors"

// LoadS3 reads the uploads storage's UGCFOLIO_S3_* settings, as serve does,
// for the commands that reach the bucket without serving (migrate). The
// zero S3Config (no UGCFOLIO_S3_ENDPOINT) means local disk.
func LoadS3(getenv Getenv) (S3Config, error) {
	c := S3Config{
		Endpoint:  getenv("UGCFOLIO_S3_ENDPOINT"),
		Bucket:    getenv("UGCFOLIO_S3_BUCKET"),
		AccessKey: getenv("UGCFOLIO_S3_ACCESS_KEY"),
		Region:    getenv("UGCFOLIO_S3_REGION"),
		UseTLS:    getenv("UGCFOLIO_S3_TLS") != "false",
	}
	if c.Endpoint == "" {
		return S3Config{}, nil
	}
	var err error
	if c.SecretKey, err = secret(getenv, "UGCFOLIO_S3_SECRET_KEY"); err != nil {
		return c, err
	}
	if c.Bucket == "" || c.AccessKey == "" || c.SecretKey == "" {
		return c, errors.New("UGCFOLIO_S3_ENDPOINT needs UGCFOLIO_S3_BUCKET, UGCFOLIO_S3_ACCESS_KEY and UGCFOLIO_S3_SECRET_KEY")
	}
	return c, nil
}
